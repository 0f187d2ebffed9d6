import { createRoot } from 'react-dom/client';
import '@portal/shared/ui/styles.css';
import { App } from './app/app';
import { startRegistry } from './app/federation/registry';

startRegistry();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);

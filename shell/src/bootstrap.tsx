import { createRoot } from 'react-dom/client';
import '@portal/shared/ui/styles.css';
import './app/platform/loading-bar.css';
import { App } from './app/app';
import './app/federation/provided-contracts';
import { startRegistry } from './app/federation/registry';
import { listenForChunkErrors } from './app/platform/chunk-reload';
import { startPlatform } from './app/platform/start-platform';

listenForChunkErrors();
startRegistry();
void startPlatform();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);

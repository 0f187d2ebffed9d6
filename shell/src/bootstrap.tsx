import { createRoot } from 'react-dom/client';
import '@portal/shared/ui/styles.css';
import './platform/loading-bar.css';
import { App } from './app/app';
import './federation/provided-contracts';
import { startRegistry } from './federation/registry';
import { startFirstScreen } from './federation/start-first-screen';
import { listenForChunkErrors } from './platform/chunk-reload';
import { startPlatform } from './platform/start-platform';

listenForChunkErrors();
startRegistry();
// The anonymous session is requested beside the first render, never before it: only API calls wait for it.
void startPlatform();
startFirstScreen();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);

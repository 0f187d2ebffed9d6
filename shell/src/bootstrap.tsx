import { createRoot } from 'react-dom/client';
import '@portal/shared/ui/styles.css';
import './platform/loading-bar.css';
import { App } from './app/app';
import { startBeacons } from './beacons/page-beacons';
import './federation/provided-contracts';
import { startRegistry } from './federation/registry';
import { startFirstScreen } from './federation/start-first-screen';
import { markFirstScreen } from './platform/after-first-screen';
import { listenForChunkErrors } from './platform/chunk-reload';
import { startPlatform } from './platform/start-platform';

listenForChunkErrors();
// Before the first remote loads: a failure of the first screen is reported too (decision 072).
startBeacons();
startRegistry();
// The anonymous session is requested beside the first render, never before it: only API calls wait for it.
void startPlatform();
startFirstScreen();
markFirstScreen();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);

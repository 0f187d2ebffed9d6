import { startShellMessages } from './i18n/shell-message-chunks';
import { startHintedFetches } from './platform/hinted-fetches';

// What the first render waits for starts now, beside the shell's chunks, not after them (decision 024):
// the JSON the gateway hinted at and the shell's messages of the path's locale.
startHintedFetches();
startShellMessages(location.pathname);
// An async boundary: shared singletons (React, the router, @portal/shared) must be negotiated by the
// federation runtime before any module that uses them runs.
import('./bootstrap');

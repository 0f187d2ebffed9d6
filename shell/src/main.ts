import { startShellMessages } from './i18n/shell-message-chunks';
import { startHintedFetches } from './platform/hinted-fetches';

// What the first render waits for starts now, beside the shell's chunks, not after them (decision 024):
// the JSON the gateway hinted at and the shell's messages of the path's locale.
startHintedFetches();
startShellMessages(location.pathname);
// An async boundary: shared singletons (React, the router, @portal/shared) must be negotiated by the
// federation runtime before any module that uses them runs. The bootstrap's code is part of this file
// (`eager`: no chunk, no request of its own, decision 033) and still runs only after this module:
// every shared module it imports at once is provided eager by the shell (shared-deps.mjs).
import(/* webpackMode: "eager" */ './bootstrap');

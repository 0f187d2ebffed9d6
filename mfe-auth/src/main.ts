// Standalone development entry (`pnpm --filter @portal/mfe-auth dev`): renders this remote's
// routes without the shell. In the portal the shell loads ./routes through remoteEntry.js instead.
import('./standalone');

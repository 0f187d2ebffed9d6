import { createConfig } from '@portal/build';

const config = createConfig({
  dir: import.meta.dirname,
  name: 'auth',
  kind: 'remote',
  // Only the route module is exposed: pages stay private to this remote.
  exposes: { './routes': './src/routes.tsx' },
  port: 3001,
});

// Standalone, the auth screens need the API on their own origin: the dev server forwards /api to
// a running API (`pnpm --filter @portal/api start`, or PORTAL_API_URL).
export default (env, argv) => {
  const resolved = config(env, argv);
  if (!process.argv.includes('serve')) return resolved;
  const port = Number(process.env.AUTH_DEV_PORT) || resolved.devServer?.port;
  return {
    ...resolved,
    // Built builds keep 'auto' (loaded from their versioned URL); the dev server serves from its root.
    output: { ...resolved.output, publicPath: '/' },
    devServer: {
      ...resolved.devServer,
      port,
      // Deep links (/nl/auth/verify?…) load the standalone page too.
      historyApiFallback: true,
      // No reloads under a browser test when someone edits a shared file: reload yourself.
      liveReload: process.env.AUTH_DEV_LIVE_RELOAD !== 'false',
      proxy: [{ context: ['/api'], target: process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8081', changeOrigin: true }],
    },
  };
};

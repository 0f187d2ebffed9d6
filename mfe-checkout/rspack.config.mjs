import { createConfig } from '@portal/build';

export default createConfig({
  dir: import.meta.dirname,
  name: 'checkout',
  kind: 'remote',
  // Only the route module is exposed: pages stay private to this remote.
  exposes: { './routes': './src/routes.tsx' },
  port: 3003,
});

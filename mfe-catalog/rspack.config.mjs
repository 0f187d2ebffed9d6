import { createConfig } from '@portal/build';

export default createConfig({
  dir: import.meta.dirname,
  name: 'catalog',
  kind: 'remote',
  // The route module and the dashboard widgets of DASHBOARD_WIDGETS (@portal/shared/routing):
  // pages and features stay private to this remote.
  exposes: {
    './routes': './src/routes.tsx',
    './widgets/frequently-ordered': './src/widgets/frequently-ordered.tsx',
    './widgets/new-in-contract': './src/widgets/new-in-contract.tsx',
  },
  port: 3002,
});

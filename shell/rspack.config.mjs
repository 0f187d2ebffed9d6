import { createConfig } from '@portal/build';

export default createConfig({ dir: import.meta.dirname, name: 'shell', kind: 'host', port: 3000 });

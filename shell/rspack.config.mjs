import { createConfig } from '@portal/build';

export default createConfig({
  dir: import.meta.dirname,
  name: 'shell',
  kind: 'host',
  port: 3000,
  // What the home page's first render lazy-loads (first-screen.json, docs/decisions/026): the page and,
  // for a visitor (the first visit), its public home. The routes themselves are in src/app/router.tsx.
  firstScreenPages: { '': ['src/pages/home.tsx', 'src/pages/visitor-home.tsx'] },
});

// react-router's memory router, for tests only (`@portal/shared/testing` and the shared package's own
// tests). It is not in the facade (`./index.ts`): the facade is a shared module, so every name it
// re-exports ships to every page, and no page runs a memory router (docs/decisions/028).
export { createMemoryRouter } from 'react-router';

// `@portal/shared/router`: the one way into react-router for the shell and every remote
// (docs/decisions/009-router-facade.md). It is a shared singleton, so there is one router instance
// and one set of router contexts on the page; and because only the names below are re-exported, the
// shell's build tree-shakes react-router to them (a shared npm package would ship whole: ~59 KB gzip).
// A name a remote needs and does not find here is added here: one reviewed line. Tests take
// `createMemoryRouter` from `./memory-router` (via `@portal/shared/testing`): no page uses it.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  // react-router's own provider: the `react-router/dom` one only adds `flushSync` navigation, which
  // the portal does not use, and importing both entries loads two copies of react-router under Node
  // (CommonJS beside ESM), which splits the router context in the unit tests.
  RouterProvider,
  createBrowserRouter,
  isRouteErrorResponse,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type {
  Blocker,
  LinkProps,
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  Params,
  RouteObject,
  SetURLSearchParams,
  To,
} from 'react-router';

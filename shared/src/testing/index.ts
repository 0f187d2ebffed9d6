// `@portal/shared/testing`: the page-test harness of every remote (tests only, never in a bundle).
export { renderPage, renderRoutes } from './render-page';
export type { RenderPageOptions } from './render-page';
export { startApiServer } from './api-server';
export type { ApiHandler, ApiRequest, ApiServer } from './api-server';
export { stubApi } from './stub-fetch';
export type { Responder } from './stub-fetch';
export { setupPageTests } from './setup';
export { startTestServer } from '../api/test-server';
export type { RecordedRequest, TestResponse, TestServer, TestServerOptions } from '../api/test-server';
export { routePages } from './route-pages';
export type { RoutePage } from './route-pages';
export { signInForTest } from './session';
export { describeRemoteRoutes } from './describe-routes';
export type { RemoteRoutesUnderTest } from './describe-routes';

// A real HTTP server standing in for the API in page tests: the page's calls go through the shared
// client (headers, retries, schemas) over the network, and the test sees exactly what was sent.
import { configurePortalApi } from '../api/portal-client';
import { startTestServer, type RecordedRequest, type TestResponse, type TestServer } from '../api/test-server';
import { assertNoMalformedAnswers, recordMalformedAnswer } from './malformed-answers';

/** A request as a route handler sees it: the path without the API prefix, the query and the JSON body. */
export interface ApiRequest {
  method: string;
  /** Path under `/api/v1` (`/catalog/products`), or the whole path for others (`/api/oauth/token`). */
  path: string;
  query: URLSearchParams;
  headers: RecordedRequest['headers'];
  /** The body, parsed as JSON when it is JSON. */
  body: unknown;
}

/** Answers a request, or returns undefined to let the server answer 404 (a problem body). */
export type ApiHandler = (request: ApiRequest) => TestResponse | undefined;

/** The running server; the portal's clients point at it until `close()`. */
export interface ApiServer extends TestServer {
  /** The requests seen, parsed like the handler's (OPTIONS preflights are not recorded). */
  calls(path?: string): ApiRequest[];
}

function parse(request: RecordedRequest): ApiRequest {
  const url = new URL(request.url, 'http://api.test');
  let body: unknown = request.body;
  try {
    body = request.body ? JSON.parse(request.body) : undefined;
  } catch {
    // Form-encoded (the token endpoint) or text: left as it came.
  }
  const path = url.pathname.startsWith('/api/v1/') ? url.pathname.slice('/api/v1'.length) : url.pathname;
  return { method: request.method, path, query: url.searchParams, headers: request.headers, body };
}

/**
 * Starts the server and points `portalApi()`, `publicApi()` and the token client at it. Every answer
 * the page reads with a schema is checked against it: a malformed one fails the test.
 */
export async function startApiServer(handler: ApiHandler): Promise<ApiServer> {
  const server = await startTestServer(
    (request) =>
      handler(parse(request)) ?? {
        status: 404,
        contentType: 'application/problem+json',
        body: { title: 'Not Found', status: 404, code: 'ROUTE_NOT_FOUND' },
      },
    { cors: true },
  );
  // No retry delay: a test of a retried read should not wait. A body that does not match the route's
  // schema fails the test (`setupPageTests` checks after each test, `close()` after the last).
  configurePortalApi({ baseURL: server.origin, retryDelay: 0, onMalformed: recordMalformedAnswer });
  return {
    ...server,
    close: async () => {
      await server.close();
      assertNoMalformedAnswers();
    },
    calls: (path) => server.requests.map(parse).filter((r) => path === undefined || r.path === path),
  };
}

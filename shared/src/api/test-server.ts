// A real HTTP server for the API tests (no fetch mocks): it records every request it receives
// and answers with whatever the test's handler returns.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the handler answers. */
export interface TestResponse {
  status: number;
  body?: unknown;
  contentType?: string;
}

/** A started server; `close()` it in afterAll. */
export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** Requests received for a path (without query string). */
  count(path: string): number;
  reset(): void;
  close(): Promise<void>;
}

/** Options of the test server. */
export interface TestServerOptions {
  /**
   * Answer as a cross-origin API would (CORS headers, preflights answered and not recorded): a page
   * test runs in a DOM whose fetch enforces CORS, and its page is not on the server's origin.
   */
  cors?: boolean;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  'access-control-allow-headers': 'accept, accept-language, authorization, content-type, x-shop-type',
  'access-control-expose-headers': 'content-type',
};

/** Starts a server on 127.0.0.1 with an OS-chosen port. */
export async function startTestServer(
  handler: (request: RecordedRequest) => TestResponse,
  { cors = false }: TestServerOptions = {},
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (cors) for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
      if (cors && req.method === 'OPTIONS') {
        res.statusCode = 204;
        return res.end();
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      let answer: TestResponse;
      try {
        answer = handler(recorded);
      } catch (error) {
        // A failing assertion or a typo in a handler must show up, not hang the request.
        answer = { status: 500, body: { title: String(error), status: 500, code: 'TEST_HANDLER_FAILED' } };
      }
      const { status, body, contentType = 'application/json' } = answer;
      res.statusCode = status;
      if (body === undefined) return res.end();
      res.setHeader('content-type', contentType);
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((r) => r.url.split('?')[0] === path).length,
    reset: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

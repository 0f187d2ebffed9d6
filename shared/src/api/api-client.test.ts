import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { bus } from '../bus/bus';
import type { PortalEvents } from '../bus/events';
import { createApiClient, type ApiClient, type ApiClientOptions } from './api-client';
import { ApiError, isApiError, NETWORK_ERROR_CODE } from './api-error';
import type { MalformedResponse } from './malformed-response';
import { setCurrentRelease } from './release';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(({ url, method }) => {
    const path = url.split('?')[0] ?? '';
    const statusMatch = /^\/api\/v1\/status\/(\d+)\/\w+$/.exec(path);
    if (statusMatch) {
      const status = Number(statusMatch[1]);
      if (status < 400) return { status, body: { ok: true, method } };
      return {
        status,
        contentType: 'application/problem+json',
        body: { title: `Status ${status}`, status, code: `TEST_${status}` },
      };
    }
    if (path === '/api/v1/echo') return { status: 200, body: { ok: true } };
    if (path === '/api/v1/product') return { status: 200, body: { id: 'p1', price: 'free' } };
    if (path === '/api/v1/not-a-problem') return { status: 500, body: 'oops', contentType: 'text/plain' };
    if (path === '/api/v1/flaky') {
      // Fails the first time, succeeds on the retry.
      return server.count(path) === 1 ? { status: 503 } : { status: 200, body: { ok: true } };
    }
    if (path === '/api/v1/empty') return { status: 204 };
    if (path === '/api/v1/sheet.pdf') return { status: 200, body: '%PDF-1.7 sheet', contentType: 'application/pdf' };
    if (path === '/api/v1/flaky.pdf') {
      return server.count(path) === 1 ? { status: 503 } : { status: 200, body: '%PDF-1.7 late', contentType: 'application/pdf' };
    }
    return { status: 404, body: { title: 'Not found', status: 404, code: 'ROUTE_NOT_FOUND' } };
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({
    authenticated: false,
    baseURL: server.origin,
    getLocale: () => 'nl',
    getShopType: () => 'portal',
    retryDelay: 0,
    onMalformed: () => {},
    logger: { warn: () => {}, error: () => {} },
    ...overrides,
  });
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const RETRIED = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const STATUSES = [200, 201, 400, 401, 403, 404, 405, 408, 409, 410, 422, 425, 429, 500, 501, 502, 503, 504, 505];

// The whole rule of spec section 7 as one table: status x method -> attempts and outcome.
const table = STATUSES.flatMap((status) =>
  METHODS.map((method) => {
    const retried = RETRIED.has(status) && method === 'GET';
    return { status, method, attempts: retried ? 2 : 1, fails: status >= 400 };
  }),
);

describe('retry and error rules (status x method)', () => {
  it.each(table)('$method $status: $attempts attempt(s), fails=$fails', async ({ status, method, attempts, fails }) => {
    const api = client();
    const path = `/status/${status}/${method.toLowerCase()}`;
    const call = api[method.toLowerCase() as Lowercase<typeof method>](path, method === 'GET' ? {} : { body: { a: 1 } });
    if (fails) {
      const error = await call.then(
        () => {
          throw new Error('expected the call to fail');
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, method, url: path, code: `TEST_${status}` });
    } else {
      await expect(call).resolves.toEqual({ ok: true, method });
    }
    expect(server.count(`/api/v1${path}`)).toBe(attempts);
  });

  it('retries a GET once and returns the successful second answer', async () => {
    await expect(client().get('/flaky')).resolves.toEqual({ ok: true });
    expect(server.count('/api/v1/flaky')).toBe(2);
  });

  it('lets a caller ask for more retries', async () => {
    await expect(client().get('/status/503/get', { retry: 3 })).rejects.toBeInstanceOf(ApiError);
    expect(server.count('/api/v1/status/503/get')).toBe(4);
  });
});

describe('ApiError', () => {
  it('carries the RFC 9457 problem and its code', async () => {
    const error = await client().get('/missing').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      method: 'GET',
      url: '/missing',
      problem: { title: 'Not found', status: 404, code: 'ROUTE_NOT_FOUND' },
    });
    expect((error as Error).message).toBe('GET /missing: Not found');
  });

  it('falls back to HTTP_<status> when the body is not a problem', async () => {
    const error = await client().post('/not-a-problem').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'HTTP_500', problem: undefined, data: 'oops' });
  });

  it('reports a network failure as status 0 after the read retry', async () => {
    const api = createApiClient({
      authenticated: false,
      baseURL: 'http://127.0.0.1:1',
      getLocale: () => 'en',
      getShopType: () => 'portal',
      retryDelay: 0,
    });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
  });

  it('passes an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    const error = await client().get('/echo', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(isApiError(error)).toBe(false);
  });
});

describe('headers', () => {
  it('sends JSON, locale and shop type, and no token on the anonymous client', async () => {
    await client({ getAccessToken: () => 'secret' }).post('/echo', { body: { a: 1 } });
    const { headers } = server.requests[0]!;
    expect(headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'accept-language': 'nl',
      'x-shop-type': 'portal',
    });
    expect(headers.authorization).toBeUndefined();
  });

  it('sends the page\'s release group on every call, canary once the shell has found one', async () => {
    await client().get('/echo');
    setCurrentRelease('canary');
    try {
      await client({ authenticated: true, getAccessToken: () => 'abc.def' }).post('/echo', { body: {} });
      await client().delete('/echo');
    } finally {
      setCurrentRelease('stable');
    }
    expect(server.requests.map((r) => r.headers['x-portal-release'])).toEqual(['stable', 'canary', 'canary']);
  });

  it('gives every call a W3C traceparent of its own, not sampled by the browser (the API samples it at its ratio)', async () => {
    await client().get('/echo');
    await client().post('/echo', { body: { a: 1 } });
    const sent = server.requests.map((r) => r.headers.traceparent);
    for (const header of sent) expect(header).toMatch(/^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-00$/);
    expect(new Set(sent.map((h) => String(h).split('-')[1])).size).toBe(2);
  });

  it('sends no JSON content type without a body (Fastify rejects an empty JSON body)', async () => {
    await client().get('/echo');
    await client().delete('/echo');
    for (const { headers } of server.requests) {
      expect(headers['content-type']).toBeUndefined();
      expect(headers.accept).toBe('application/json');
    }
  });

  it('sends the Bearer token on the authenticated client', async () => {
    await client({ authenticated: true, getAccessToken: async () => 'abc.def', getShopType: () => 'medical' }).get('/echo');
    expect(server.requests[0]!.headers).toMatchObject({ authorization: 'Bearer abc.def', 'x-shop-type': 'medical' });
  });

  it('warns and proceeds without a token when none can be obtained', async () => {
    const warn = vi.fn();
    await client({
      authenticated: true,
      getAccessToken: () => Promise.reject(new Error('Failed to refresh access token')),
      logger: { warn, error: () => {} },
    }).get('/echo');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends the body as JSON and the query string', async () => {
    await client().post('/echo', { body: { quantity: 2 }, query: { page: 3, q: 'mask' } });
    const [request] = server.requests;
    expect(request!.url).toBe('/api/v1/echo?page=3&q=mask');
    expect(JSON.parse(request!.body)).toEqual({ quantity: 2 });
  });

  it('uses the base URL and a custom prefix', async () => {
    await client({ baseURL: `${server.origin}/`, prefix: '/api/v1/status/200' }).get('/get');
    expect(server.count('/api/v1/status/200/get')).toBe(1);
  });
});

describe('unauthorized', () => {
  it('calls onUnauthorized on a 401 of the authenticated client', async () => {
    const onUnauthorized = vi.fn();
    await client({ authenticated: true, onUnauthorized }).get('/status/401/get').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledWith({ url: '/status/401/get' });
  });

  it('does not on the anonymous client (a failed login is not a lost session)', async () => {
    const onUnauthorized = vi.fn();
    await client({ onUnauthorized }).post('/status/401/post').catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not on other statuses', async () => {
    const onUnauthorized = vi.fn();
    await client({ authenticated: true, onUnauthorized }).get('/status/403/get').catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('emits api:unauthorized on the shared bus by default', async () => {
    const seen = vi.fn();
    const off = bus.on('api:unauthorized', seen);
    const api = createApiClient({
      authenticated: true,
      baseURL: server.origin,
      getLocale: () => 'en',
      getShopType: () => 'portal',
    });
    await api.get('/status/401/get').catch(() => {});
    off();
    expect(seen).toHaveBeenCalledWith({ url: '/status/401/get' });
  });
});

describe('response validation', () => {
  const ProductSchema = v.object({ id: v.string(), price: v.number() });
  const OkSchema = v.object({ ok: v.boolean() });

  it('returns the parsed output when the body matches', async () => {
    const data = await client().get('/echo', { schema: v.object({ ok: v.pipe(v.boolean(), v.transform((b) => (b ? 'yes' : 'no'))) }) });
    expect(data).toEqual({ ok: 'yes' });
  });

  it('on a mismatch reports the exact toast title, logs the issues and returns the raw data', async () => {
    const reports: MalformedResponse[] = [];
    const error = vi.fn();
    const data = await client({ onMalformed: (r) => reports.push(r), logger: { warn: () => {}, error } }).get('/product', {
      schema: ProductSchema,
    });
    expect(data).toEqual({ id: 'p1', price: 'free' });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.title).toBe('GET /product returned a malformed response');
    expect(reports[0]!.issues[0]!.path?.[0]?.key).toBe('price');
    expect(error).toHaveBeenCalledWith('GET /product returned a malformed response', reports[0]!.issues);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is validated when a schema is given', async (method) => {
    const reports: MalformedResponse[] = [];
    await client({ onMalformed: (r) => reports.push(r) })[method.toLowerCase() as 'post'](`/status/200/${method.toLowerCase()}`, {
      schema: v.object({ ok: v.literal(false) }),
    });
    expect(reports.map((r) => r.title)).toEqual([`${method} /status/200/${method.toLowerCase()} returned a malformed response`]);
  });

  it('does not validate a DELETE (or anything) without a schema, even with an empty body', async () => {
    const onMalformed = vi.fn();
    await expect(client({ onMalformed }).delete('/empty')).resolves.toBeUndefined();
    await expect(client({ onMalformed }).delete('/echo')).resolves.toEqual({ ok: true });
    expect(onMalformed).not.toHaveBeenCalled();
  });

  it('by default asks for an error toast on the shared bus', async () => {
    const toasts: PortalEvents['toast:requested'][] = [];
    const off = bus.on('toast:requested', (t) => toasts.push(t));
    const api = createApiClient({
      authenticated: false,
      baseURL: server.origin,
      getLocale: () => 'en',
      getShopType: () => 'portal',
      logger: { warn: () => {}, error: () => {} },
    });
    await api.put('/echo', { schema: v.object({ ok: v.string() }) });
    off();
    expect(toasts).toEqual([{ type: 'error', title: 'PUT /echo returned a malformed response' }]);
  });

  it('types the result from the schema', async () => {
    const data = await client().get('/echo', { schema: OkSchema });
    const ok: boolean = data.ok;
    // @ts-expect-error not in the schema
    void data.missing;
    expect(ok).toBe(true);
    // Without a schema the result is unknown and must be narrowed before use.
    const raw = await client().get('/echo');
    // @ts-expect-error unknown has no properties
    void raw.ok;
    expect(raw).toEqual({ ok: true });
  });
});

describe('binary downloads', () => {
  it('fetch a PDF as a Blob with the same headers and token as any call', async () => {
    const file = await client({ authenticated: true, getAccessToken: () => 'abc.def', getShopType: () => 'tactical' }).blob('/sheet.pdf');
    expect(file).toBeInstanceOf(Blob);
    expect(file.type).toBe('application/pdf');
    await expect(file.text()).resolves.toBe('%PDF-1.7 sheet');
    expect(server.requests[0]!.headers).toMatchObject({
      authorization: 'Bearer abc.def',
      'accept-language': 'nl',
      'x-shop-type': 'tactical',
    });
    expect(server.requests[0]!.headers.accept).toContain('application/pdf');
  });

  it('accept a link the API wrote, which already carries the prefix', async () => {
    await client().blob('/api/v1/sheet.pdf');
    await client().get('/api/v1/echo');
    expect(server.count('/api/v1/sheet.pdf')).toBe(1);
    expect(server.count('/api/v1/echo')).toBe(1);
  });

  it('are retried like a read, and fail with the problem and its code', async () => {
    await expect(client().blob('/flaky.pdf').then((b) => b.text())).resolves.toBe('%PDF-1.7 late');
    expect(server.count('/api/v1/flaky.pdf')).toBe(2);
    const error = await client().blob('/status/404/get').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'TEST_404' });
  });
});

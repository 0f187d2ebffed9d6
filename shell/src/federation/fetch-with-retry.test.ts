import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRetry } from './fetch-with-retry';

// A real HTTP server that answers each path with a scripted list of statuses and counts requests.
const scripts = new Map<string, number[]>();
const hits = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const statuses = scripts.get(path) ?? [200];
    res.statusCode = statuses[Math.min(n, statuses.length - 1)] ?? 200;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchWithRetry', () => {
  it.each([408, 425, 429, 500, 502, 503, 504])('retries a transient %i and returns the later success', async (status) => {
    const path = `/transient-${status}`;
    scripts.set(path, [status, 200]);
    const response = await fetchWithRetry(`${base}${path}`, {}, { retries: 2, baseDelayMs: 1 });
    expect(response.status).toBe(200);
    expect(hits.get(path)).toBe(2);
  });

  it.each([400, 401, 403, 404, 409])('does not retry %i', async (status) => {
    const path = `/final-${status}`;
    scripts.set(path, [status, 200]);
    const response = await fetchWithRetry(`${base}${path}`, {}, { retries: 2, baseDelayMs: 1 });
    expect(response.status).toBe(status);
    expect(hits.get(path)).toBe(1);
  });

  it('gives up after the last retry and returns the transient response', async () => {
    scripts.set('/down', [503]);
    const response = await fetchWithRetry(`${base}/down`, {}, { retries: 2, baseDelayMs: 1 });
    expect(response.status).toBe(503);
    expect(hits.get('/down')).toBe(3);
  });

  it('retries network errors, then throws', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    await expect(fetchWithRetry(`http://127.0.0.1:${port}/`, {}, { retries: 2, baseDelayMs: 20 })).rejects.toThrow();
    // Two backoff waits (20 ms, then 40 ms) happened before giving up.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

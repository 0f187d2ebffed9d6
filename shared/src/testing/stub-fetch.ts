// A fetch stub that answers per path, for page tests that only need a canned answer or two. Prefer
// `startApiServer` (a real HTTP server) where a test checks what was sent.
import { vi } from 'vitest';

/** Answers one request, or returns undefined to let the next responder try. */
export type Responder = (request: { path: string; body: unknown }) => { status: number; body?: unknown } | undefined;

/** Stubs fetch: each call is answered by the first responder that returns something, else 404. */
export function stubApi(...responders: Responder[]) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const raw = init?.body;
    const body = raw instanceof URLSearchParams ? Object.fromEntries(raw) : typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { path: url.pathname, body };
    calls.push(call);
    for (const responder of responders) {
      const answer = responder(call);
      if (answer) {
        const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': type } });
      }
    }
    return new Response(JSON.stringify({ title: 'Not Found', status: 404, code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

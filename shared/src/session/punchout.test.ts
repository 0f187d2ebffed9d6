// Punchout mode in the browser: asked of the API only when the start left its marker cookie; a
// sign-in that is no punchout (404) drops the marker; the answer is asked once per user.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/stub-fetch';
import { fetchPunchoutSession, PUNCHOUT_COOKIE } from './punchout';

const SESSION = { protocol: 'cxml', operation: 'create', return_host: 'procurement.example' };
const clearMarker = () => {
  document.cookie = `${PUNCHOUT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

afterEach(() => {
  clearMarker();
  vi.unstubAllGlobals();
});

describe('punchout session', () => {
  it('asks nothing without the marker', async () => {
    const calls = stubApi(() => ({ status: 200, body: SESSION }));
    expect(await fetchPunchoutSession('user-1')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("answers the API's session once per user when the marker is there", async () => {
    document.cookie = `${PUNCHOUT_COOKIE}=1; path=/`;
    const calls = stubApi(({ path }) => (path.endsWith('/punchout/session') ? { status: 200, body: SESSION } : undefined));
    expect(await fetchPunchoutSession('user-2')).toEqual(SESSION);
    expect(await fetchPunchoutSession('user-2')).toEqual(SESSION);
    expect(calls.filter((c) => c.path.endsWith('/punchout/session'))).toHaveLength(1);
  });

  it('drops a stale marker when the sign-in is no punchout', async () => {
    document.cookie = `${PUNCHOUT_COOKIE}=1; path=/`;
    stubApi(({ path }) => (path.endsWith('/punchout/session') ? { status: 404, body: { title: 'Not Found', status: 404, code: 'PUNCHOUT_NOT_ACTIVE' } } : undefined));
    expect(await fetchPunchoutSession('user-3')).toBeNull();
    expect(document.cookie).not.toContain(`${PUNCHOUT_COOKIE}=1`);
  });
});

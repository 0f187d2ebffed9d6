// Two instances behind nginx on one PostgreSQL and one Redis: whatever a buyer does on one instance
// holds on the other, because nothing a request depends on lives in one process's memory: the
// session (tokens), the cart and orders, rate limits and sign-in throttling, refresh-token reuse.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, POLICE_GUESSED, WEBSHOP_BUYER } from '../support/accounts';
import type { ClusterFixture } from '../support/cluster-fixture';
import { call, checkoutBody, refresh, signIn, tokenRequest } from '../support/portal-client';
import { addBuyers, contractProducts } from '../support/seed';

/** Low limits, so that a few requests reach them (set on the topology by scale-out.test.ts). */
export const TWO_INSTANCE_ENV = { TOKEN_FAILURE_LIMIT: '3', AUTH_REQUEST_LIMIT: '4' };
const TOKEN_FAILURE_LIMIT = Number(TWO_INSTANCE_ENV.TOKEN_FAILURE_LIMIT);
const AUTH_REQUEST_LIMIT = Number(TWO_INSTANCE_ENV.AUTH_REQUEST_LIMIT);

export const twoInstanceCases = (fixture: () => ClusterFixture) => describe('two instances behind nginx', () => {
  let f: ClusterFixture;
  let a: string;
  let b: string;
  let nginx: string;
  beforeAll(() => {
    f = fixture();
    [a, b] = f.topology.instances.map((i) => i.url) as [string, string];
    nginx = f.topology.url;
  });

  it('a buyer signed in on one instance keeps session, cart and order on the other and through nginx', async () => {
    const [buyer] = await addBuyers(f, 'session', 1);
    const [first, second] = await contractProducts(f, 2, 1000);
    const { access, refresh: refreshToken } = await signIn(a, f.clientSecret, buyer!);

    // The cart written on A is the cart read on B, and the other way round.
    expect((await call(a, access, 'POST', '/v1/cart/items', { product_id: first, quantity: 2 })).status).toBe(200);
    const onB = await call(b, access, 'GET', '/v1/cart');
    expect(onB.status).toBe(200);
    expect(onB.json!.lines).toEqual([expect.objectContaining({ product_id: first, quantity: 2 })]);
    expect((await call(b, access, 'POST', '/v1/cart/items', { product_id: second, quantity: 1 })).status).toBe(200);
    expect((await call(a, access, 'GET', '/v1/cart')).json!.item_count).toBe(3);
    // Through nginx, whichever instance answers, the same cart, many times over.
    for (let i = 0; i < 6; i++) expect((await call(nginx, access, 'GET', '/v1/cart')).json!.item_count).toBe(3);

    // The refresh token issued by A is honoured by B.
    const refreshed = await refresh(b, f.clientSecret, refreshToken);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);

    // Placed through nginx; read on both instances; replayed by either with the same key.
    const key = randomUUID();
    const body = await checkoutBody(nginx, refreshed.tokens!.access);
    const placed = await call(nginx, refreshed.tokens!.access, 'POST', '/v1/orders', body, { 'idempotency-key': key });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const id = String(placed.json!.id);
    for (const base of [a, b]) {
      const read = await call(base, access, 'GET', `/v1/orders/${id}`);
      expect(read.status).toBe(200);
      expect(read.json!.lines).toHaveLength(2);
      const again = await call(base, access, 'POST', '/v1/orders', body, { 'idempotency-key': key });
      expect(again.status).toBe(201);
      expect(again.json!.id).toBe(id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await f.sql('select id from orders where id = $1', [id])).toHaveLength(1);
    expect((await call(b, access, 'GET', '/v1/cart')).json!.item_count).toBe(0);
  });

  it('wrong passwords guessed on one instance lock the sign-in on the other', async () => {
    const guess = (base: string, password: string) => tokenRequest(base, f.clientSecret, { grant_type: 'password', username: POLICE_GUESSED, password });
    for (let i = 0; i < TOKEN_FAILURE_LIMIT; i++) {
      const wrong = await guess(a, `wrong-${i}`);
      expect(wrong.status, JSON.stringify(wrong.json)).toBe(400);
    }
    // Even the right password is refused now, on B and through nginx: the count is shared.
    for (const base of [b, nginx]) {
      const locked = await guess(base, DEMO_PASSWORD);
      expect(locked.status, JSON.stringify(locked.json)).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('the per-address limit of the auth routes counts the requests of both instances together', async () => {
    const forgot = (base: string, n: number) =>
      fetch(`${base}/api/v1/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ email: `nobody-${n}@cluster-limits.example` }),
      });
    // Half the allowance on each instance, then one more anywhere is over it.
    for (let n = 0; n < AUTH_REQUEST_LIMIT; n++) expect((await forgot(n % 2 ? b : a, n)).status).toBe(202);
    for (const base of [a, b, nginx]) expect((await forgot(base, 100)).status).toBe(429);
  });

  it('a refresh token reused on one instance revokes the sign-in on the other', async () => {
    const { refresh: original } = await signIn(nginx, f.clientSecret, WEBSHOP_BUYER);
    const rotated = await refresh(a, f.clientSecret, original);
    expect(rotated.status).toBe(200);
    // The old token again, on the other instance: reuse, the whole family is revoked.
    const reused = await refresh(b, f.clientSecret, original);
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    // The rotated token, which was valid a moment ago, no longer works anywhere.
    for (const base of [a, b, nginx]) {
      const after = await refresh(base, f.clientSecret, rotated.tokens!.refresh);
      expect(after.status).toBe(400);
    }
  });
});

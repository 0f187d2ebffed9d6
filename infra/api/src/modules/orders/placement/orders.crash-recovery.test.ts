// An Idempotency-Key left `in_progress` by a process that died (decision 023): after its lease, a
// retry gets the committed order's answer (never a second order, never a 409 for ever), and a key
// whose request died before committing runs afresh. The crashes are simulated in the database: the
// stored answer taken away after the commit, or a key row written as a dead request leaves it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, PlacedOrderSchema } from '@portal/shared/schemas';
import { query } from '../../../test-support/demo-buyers';
import type { TestApp } from '../../../test-support/test-app';
import { defaultAddresses, fillCart, headers, startWebshopOrdersApp, stockedWebshopProduct, SUBMITTER } from './orders.test-support';

let t: TestApp;
let token: string;
let productId: string;

beforeAll(async () => {
  ({ t, token } = await startWebshopOrdersApp({ authRequestLimit: 100_000 }));
  productId = await stockedWebshopProduct(t.app);
});
afterAll(async () => {
  await t?.close();
});

const place = (key: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'x-shop-type': 'medical', 'idempotency-key': key }, payload: body });
const body = async () => ({ ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER });
const ordersOfKey = async (key: string) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from idempotency_keys k join orders o on o.id = k.order_id where k.key = ${key}`))[0]!.n;
/** Moves the key's lease into the past, as if its request had started long ago. */
const leaseOver = (key: string) => query(t.app, sql`update idempotency_keys set updated_at = now() - make_interval(secs => ${t.app.apiEnv.idempotencyLeaseSeconds + 1}) where key = ${key} returning key`);

describe('an Idempotency-Key whose request died', () => {
  it('after the commit: a retry waits for the lease, then gets the committed order, once', async () => {
    await fillCart(t.app, token, [{ product_id: productId, quantity: 1 }], 'medical');
    const key = randomUUID();
    const checkout = await body();
    const first = await place(key, checkout);
    expect(first.statusCode, first.body).toBe(201);
    const placed = v.parse(PlacedOrderSchema, first.json());
    // The crash: the order and the key's order id committed, the answer never stored.
    await query(t.app, sql`update idempotency_keys set state = 'in_progress', response_body = null, response_status = null where key = ${key} returning key`);

    const early = await place(key, checkout);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS });

    await leaseOver(key);
    const retried = await Promise.all([place(key, checkout), place(key, checkout)]);
    for (const res of retried) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json()).toEqual(placed);
    }
    expect(await ordersOfKey(key)).toBe(1);
    const [row] = await query<{ state: string }>(t.app, sql`select state from idempotency_keys where key = ${key}`);
    expect(row!.state).toBe('done');
  });

  it('before the commit: a retry after the lease places the order afresh', async () => {
    await fillCart(t.app, token, [{ product_id: productId, quantity: 2 }], 'medical');
    const checkout = await body();
    // A request runs once (so its key row is exactly what this body writes), then is rewound into
    // one that died before its commit: in progress, no order for the key.
    const key = randomUUID();
    const firstTry = await place(key, checkout);
    expect(firstTry.statusCode, firstTry.body).toBe(201);
    const firstOrder = firstTry.json().id as string;
    await query(t.app, sql`update idempotency_keys set order_id = null, state = 'in_progress', response_body = null, response_status = null where key = ${key} returning key`);
    await fillCart(t.app, token, [{ product_id: productId, quantity: 2 }], 'medical');

    const early = await place(key, checkout);
    expect(early.statusCode).toBe(409);
    await leaseOver(key);
    const retried = await place(key, checkout);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().id).not.toBe(firstOrder);
    expect(await ordersOfKey(key)).toBe(1);
    // A later retry replays that new order.
    const again = await place(key, checkout);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(retried.json().id);
  });
});

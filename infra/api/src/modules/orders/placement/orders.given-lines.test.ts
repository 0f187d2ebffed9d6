// Placing given lines (the orders' placement port, modules/orders/contract.ts): the checkout's placement for
// lines that are not the cart's (a procurement order, an approved request). Contract prices, stock
// taken the same way, the cart left alone, idempotent by the sender's key within its namespace,
// refusals with the checkout's codes and nothing written. Runs on PGlite, and on PostgreSQL with
// DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, type GivenLinesOrderInput } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import type { OrderPlacementPort } from '../contract';
import { AppError } from '../../../errors';
import { WEBSHOP_CUSTOMER } from '../../../seed/accounts';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import type { TestApp } from '../../../test-support/test-app';
import { ordersCounted, ordersCountedSince } from '../../../test-support/orders-counter';
import { customerCaller, defaultAddresses, fillCart, headers, startPlacementApp, SUBMITTER } from './orders.test-support';

let t: TestApp;
let placement: OrderPlacementPort;
let hospital: CustomerCaller;
let hospitalToken: string;
let contract: string;
let addresses: { billing_address_id: string; delivery_address_id: string };
beforeAll(async () => {
  ({ t, placement } = await startPlacementApp());
  hospital = await customerCaller(t.app, HOSPITAL_BUYER);
  hospitalToken = await accessToken(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  addresses = await defaultAddresses(t.app, hospitalToken);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A priced product of the hospital's contract with its own stock (tests do not share products). */
const used = new Set<string>();
async function product(stock: number) {
  const row = await contractProduct(
    t.app,
    contract,
    sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...used, randomUUID()]}`,
  );
  used.add(row.id);
  await query(t.app, sql`update products set stock_level = ${stock}, low_stock_threshold = 0 where id = ${row.id}`);
  return row;
}

/** The lines as a procurement system sends them (the counter's channel: decision 084). */
const CXML = { channel: 'cxml' } as const;
const order = (lines: GivenLinesOrderInput['lines'], extra: Partial<GivenLinesOrderInput> = {}): GivenLinesOrderInput => ({
  ...addresses,
  shipping_method: 'standard',
  submitter: { ...SUBMITTER, declaration: true },
  external_order_number: 'PO-TEST',
  lines,
  ...extra,
});
const stockOf = async (id: string) => (await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${id}`))[0]!.s;
const orderCount = async () => Number((await query<{ n: string }>(t.app, sql`select count(*) as n from orders`))[0]!.n);
/** The AppError a placement is refused with. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('placing given lines', () => {
  it('places them at the contract prices, takes the stock, leaves the cart alone and answers the same order to a replay', async () => {
    const [a, b, inCart] = [await product(20), await product(20), await product(20)];
    await fillCart(t.app, hospitalToken, [{ product_id: inCart.id, quantity: 2 }]);
    const key = `PO-${randomUUID()}`;
    // A product named twice is one line of the summed quantity.
    const lines = [
      { product_id: a.id, quantity: 3 },
      { product_id: b.id, quantity: 1 },
      { product_id: a.id, quantity: 1 },
    ];
    const first = await placement.placeLines(hospital, order(lines), { namespace: 'test', key }, 'nl', CXML);
    expect(first.replayed).toBe(false);
    expect(first.order.status).toBe('ordered');
    expect([await stockOf(a.id), await stockOf(b.id), await stockOf(inCart.id)]).toEqual([16, 19, 20]);

    const read = await t.app.inject({ url: `/api/v1/orders/${first.order.id}`, headers: headers(hospitalToken) });
    expect(read.statusCode, read.body).toBe(200);
    const placed = read.json() as { external_order_number: string | null; lines: { product_id: string; quantity: number; unit_price: { excl_vat: number } }[] };
    expect(placed.external_order_number).toBe('PO-TEST');
    const byProduct = new Map(placed.lines.map((l) => [l.product_id, l]));
    expect(byProduct.get(a.id)).toMatchObject({ quantity: 4, unit_price: { excl_vat: a.price_cents } });
    expect(byProduct.get(b.id)).toMatchObject({ quantity: 1, unit_price: { excl_vat: b.price_cents } });
    // The cart was not the order: still there.
    const cart = await t.app.inject({ url: '/api/v1/cart', headers: headers(hospitalToken) });
    expect((cart.json() as { lines: { product_id: string }[] }).lines.map((l) => l.product_id)).toContain(inCart.id);

    const again = await placement.placeLines(hospital, order(lines), { namespace: 'test', key }, 'nl', CXML);
    expect(again).toEqual({ order: first.order, replayed: true });
    expect(await stockOf(a.id)).toBe(16);

    // Other lines under the same key: refused, nothing placed.
    const before = await orderCount();
    const reused = await refusal(placement.placeLines(hospital, order([{ product_id: b.id, quantity: 1 }]), { namespace: 'test', key }, 'nl', CXML));
    expect([reused.statusCode, reused.code]).toEqual([422, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REUSED]);
    expect(await orderCount()).toBe(before);
    // The same key in another namespace is another key.
    const other = await placement.placeLines(hospital, order([{ product_id: b.id, quantity: 1 }]), { namespace: 'other', key }, 'nl', CXML);
    expect(other.order.id).not.toBe(first.order.id);
  });

  it('refuses a line outside the contract (NOT_ORDERABLE), never leaving it out; the key may be used again', async () => {
    const a = await product(10);
    const [outside] = await query<{ id: string }>(
      t.app,
      sql`select id from products p where p.active and not exists (select 1 from contract_prices cp where cp.contract_id = ${contract} and cp.product_id = p.id) limit 1`,
    );
    const key = `PO-${randomUUID()}`;
    const before = await orderCount();
    for (const stranger of [outside!.id, randomUUID()]) {
      const err = await refusal(placement.placeLines(hospital, order([{ product_id: a.id, quantity: 1 }, { product_id: stranger, quantity: 2 }]), { namespace: 'test', key }, 'en', CXML));
      expect([err.statusCode, err.code]).toEqual([409, CHECKOUT_ERRORS.NOT_ORDERABLE]);
      expect((err.extensions as { lines: { product_id: string }[] }).lines.map((l) => l.product_id)).toEqual([stranger]);
    }
    expect([await orderCount(), await stockOf(a.id)]).toEqual([before, 10]);
    const corrected = await placement.placeLines(hospital, order([{ product_id: a.id, quantity: 1 }]), { namespace: 'test', key }, 'en', CXML);
    expect(corrected.replayed).toBe(false);
  });

  it('refuses short stock (OUT_OF_STOCK) with nothing taken', async () => {
    const [a, b] = [await product(5), await product(1)];
    const before = await orderCount();
    const err = await refusal(placement.placeLines(hospital, order([{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 2 }]), { namespace: 'test', key: `PO-${randomUUID()}` }, 'en', CXML));
    expect([err.statusCode, err.code]).toEqual([409, CHECKOUT_ERRORS.OUT_OF_STOCK]);
    expect([await orderCount(), await stockOf(a.id), await stockOf(b.id)]).toEqual([before, 5, 1]);
  });

  it("refuses another organisation's address, a customer without a contract, bad input and a bad key", async () => {
    const a = await product(10);
    const police = await defaultAddresses(t.app, await accessToken(t.app, POLICE_BUYER));
    const key = { namespace: 'test', key: `PO-${randomUUID()}` };
    const foreign = await refusal(placement.placeLines(hospital, order([{ product_id: a.id, quantity: 1 }], { delivery_address_id: police.delivery_address_id }), key, 'en', CXML));
    expect([foreign.statusCode, foreign.code]).toEqual([422, CHECKOUT_ERRORS.ADDRESS_NOT_FOUND]);

    const webshop = await customerCaller(t.app, WEBSHOP_CUSTOMER);
    const noContract = await refusal(placement.placeLines(webshop, order([{ product_id: a.id, quantity: 1 }]), key, 'en', CXML));
    expect([noContract.statusCode, noContract.code]).toEqual([409, CHECKOUT_ERRORS.ON_ACCOUNT_ONLY]);

    const empty = await refusal(placement.placeLines(hospital, order([]), key, 'en', CXML));
    expect(empty.statusCode).toBe(400);
    const zero = await refusal(placement.placeLines(hospital, order([{ product_id: a.id, quantity: 0 }]), key, 'en', CXML));
    expect(zero.statusCode).toBe(400);
    const badKey = await refusal(placement.placeLines(hospital, order([{ product_id: a.id, quantity: 1 }]), { namespace: 'test', key: 'short' }, 'en', CXML));
    expect([badKey.statusCode, badKey.code]).toEqual([400, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REQUIRED]);
    expect(await stockOf(a.id)).toBe(10);
  });

  it("counts an order under its sender's channel once it is committed, and not when the sender's own write rolls it back (decision 084)", async () => {
    const a = await product(10);
    const counted = await ordersCounted();
    const key = { namespace: 'approval', key: `approval:${randomUUID()}` };
    const vetoed = await refusal(
      placement.placeLines(hospital, order([{ product_id: a.id, quantity: 2 }]), key, 'en', {
        channel: 'approval',
        inTransaction: () => Promise.reject(new AppError(409, 'APPROVAL_DECIDED', 'decided meanwhile')),
      }),
    );
    expect(vetoed.code).toBe('APPROVAL_DECIDED');
    expect(await stockOf(a.id)).toBe(10);
    expect(await ordersCountedSince(counted)).toEqual({});
    const placed = await placement.placeLines(hospital, order([{ product_id: a.id, quantity: 2 }]), key, 'en', { channel: 'approval', inTransaction: () => Promise.resolve() });
    expect(placed.replayed).toBe(false);
    expect(await ordersCountedSince(counted)).toEqual({ approval: 1 });
    await placement.placeLines(hospital, order([{ product_id: a.id, quantity: 2 }]), key, 'en', { channel: 'approval' });
    expect(await ordersCountedSince(counted)).toEqual({ approval: 1 });
  });
});

// Decision 066: the shared event schema is the one definition of the integration events. Every event
// the code records (the seed's orders, placement's statement, staff moves, a payment's outcome, a
// quotation's step) is of a type the schema names, under the aggregate its data names, and its data
// parses with the schema; and the database decides none of them any more (no event triggers).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_EVENT_TYPES, IntegrationEventRecordSchema } from '@portal/shared/schemas';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../test-support/demo-buyers';
import { orderMoved, paymentStatusSet, quotationStep } from '../test-support/order-events';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../test-support/placement';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Recorded = { type: string; aggregate_type: string; aggregate_id: string; sequence: number; payload: Record<string, unknown> };

/** Places the hospital buyer's cart of one product on account, through the checkout. */
async function placeOnAccount(): Promise<{ id: string; number: string }> {
  const token = await accessToken(t.app, HOSPITAL_BUYER);
  // The demo seed leaves a cart for the buyer: this placement's cart holds one line.
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  const p = await contractProduct(t.app, await contractOf(t.app, HOSPITAL_BUYER), sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`);
  await query(t.app, sql`update products set stock_level = 50 where id = ${p.id}`);
  await fillCart(t.app, token, [{ product_id: p.id, quantity: 1 }]);
  const body = { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'idempotency-key': randomUUID() }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string };
}

describe('the integration events and their shared schema', () => {
  it('records only events the shared schema names, each with data that parses with it', async () => {
    const placed = await placeOnAccount();
    await orderMoved(t.app.database.db, placed.id, 'ordered', 'processing');
    const [quotation] = await query<{ id: string }>(t.app, sql`select id from quotations where status = 'sent' order by number limit 1`);
    await quotationStep(t.app.database.db, quotation!.id, 'answered');
    const [payment] = await query<{ id: string }>(t.app, sql`select id from payments where status = 'pending' limit 1`);
    await paymentStatusSet(t.app.database.db, payment!.id, 'failed');

    const recorded = await query<Recorded>(t.app, sql`select type, aggregate_type, aggregate_id, sequence, payload from integration_events order by position`);
    expect(new Set(recorded.map((e) => e.type))).toEqual(
      new Set(['order.awaiting_payment', 'order.placed', 'order.status_changed', 'order.cancelled', 'quotation.answered', 'payment.failed']),
    );
    for (const e of recorded) {
      expect(INTEGRATION_EVENT_TYPES).toContain(e.type);
      const parsed = v.safeParse(IntegrationEventRecordSchema, { type: e.type, aggregate_type: e.aggregate_type, data: e.payload });
      expect(parsed.issues, JSON.stringify(e)).toBeUndefined();
      expect(e.aggregate_id).toBe(e.aggregate_type === 'quotation' ? e.payload.quotation_id : e.payload.order_id);
    }
    // Placement's event is written in its statement, from the order it wrote.
    const ofPlaced = recorded.filter((e) => e.aggregate_id === placed.id);
    expect(ofPlaced.map((e) => [e.type, e.sequence, e.payload.status, e.payload.from_status])).toEqual([
      ['order.placed', 1, 'ordered', null],
      ['order.status_changed', 2, 'processing', 'ordered'],
    ]);
    expect(ofPlaced[0]!.payload).toMatchObject({ order_number: placed.number, currency: 'EUR' });
  });

  it('leaves no event logic in the database', async () => {
    const found = await query<{ name: string }>(
      t.app,
      sql`select tgname::text as name from pg_trigger where tgname like 'integration_events%'
          union all select proname::text from pg_proc where proname like 'integration_events%'`,
    );
    expect(found).toEqual([]);
  });
});

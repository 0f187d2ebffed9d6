// The pull feed: every event once, paged by cursor, in the transaction that caused it (the seed's
// orders and quotations already published theirs), a bad cursor or limit refused with its code, and
// only a client with events:read.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, EventFeedSchema, INTEGRATION_ERRORS, INTEGRATION_EVENT_ERRORS, type IntegrationEvent } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { moveOrders, orderedOrders } from './events.test-support';
import { orderMoved, paymentStatusSet, quotationStep } from '../../test-support/order-events';

let t: TestApp;
let client: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['events:read']);
});
afterAll(async () => {
  await t?.close();
});

const feed = (qs: string, headers = client.headers) => t.app.inject({ url: `/api/integration/v1/events${qs}`, headers });

async function readAll(after: string | null, limit: number): Promise<{ events: IntegrationEvent[]; cursor: string | null; pages: number }> {
  const events: IntegrationEvent[] = [];
  let cursor = after;
  let pages = 0;
  for (;;) {
    const res = await feed(`?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = v.parse(EventFeedSchema, res.json());
    pages++;
    events.push(...page.items);
    if (page.items.length < limit) return { events, cursor: page.next_cursor, pages };
    cursor = page.next_cursor;
  }
}

/**
 * The whole feed, once it holds every committed event (the table's count). A read numbers what has
 * committed, unless another read is numbering at that moment: then the next read does (at most 30 s).
 */
async function caughtUp(): Promise<IntegrationEvent[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [{ n }] = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from integration_events`)) as [{ n: number }];
    const read = await readAll(null, 1000);
    if (read.events.length >= n || Date.now() > deadline) return read.events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the pull feed', () => {
  it('pages through every event once, in order, and a change publishes its event in its transaction', async () => {
    const [orderId] = await orderedOrders(t.app, 1);
    const all = { events: await caughtUp(), cursor: '' };
    all.cursor = all.events.at(-1)!.cursor;
    expect(all.events.length).toBeGreaterThan(10);
    const paged = await readAll(null, 7);
    expect(paged.pages).toBeGreaterThan(1);
    expect(paged.events.map((e) => e.id)).toEqual(all.events.map((e) => e.id));
    expect(new Set(all.events.map((e) => e.id)).size).toBe(all.events.length);
    // The seed's orders published as they were written.
    expect(new Set(all.events.map((e) => e.type))).toContain('order.placed');

    // Nothing new: the same cursor back, no events.
    const idle = v.parse(EventFeedSchema, (await feed(`?after=${all.cursor}`)).json());
    expect(idle).toEqual({ items: [], next_cursor: all.cursor });

    await moveOrders(t.app, [orderId!]);
    const next = { events: (await caughtUp()).slice(all.events.length) };
    expect(next.events.map((e) => ({ type: e.type, aggregate_id: e.aggregate_id, status: e.data.status, from: e.data.from_status }))).toEqual([
      { type: 'order.status_changed', aggregate_id: orderId, status: 'processing', from: 'ordered' },
      { type: 'order.status_changed', aggregate_id: orderId, status: 'to_be_shipped', from: 'processing' },
    ]);
    const [first, second] = next.events;
    expect(second!.sequence).toBe(first!.sequence + 1);
    expect(first!.data).toMatchObject({ order_id: orderId, order_number: expect.any(String), currency: 'EUR' });
  });

  it("publishes a quotation's steps and a payment's outcome, the payment's under its order", async () => {
    const before = await caughtUp();
    const [quotation] = await query<{ id: string; number: string }>(t.app, sql`select id, number from quotations order by number limit 1`);
    // As the quotations owner writes its steps: an edit (no event) and an answer.
    await quotationStep(t.app.database.db, quotation!.id, 'edited');
    await quotationStep(t.app.database.db, quotation!.id, 'answered');
    const [payment] = await query<{ id: string; order_id: string }>(t.app, sql`select id, order_id from payments where status = 'pending' limit 1`);
    await paymentStatusSet(t.app.database.db, payment!.id, 'paid');
    const after = { events: (await caughtUp()).slice(before.length) };
    expect(after.events.map((e) => [e.type, e.aggregate_type, e.aggregate_id])).toEqual([
      ['quotation.answered', 'quotation', quotation!.id],
      ['payment.succeeded', 'order', payment!.order_id],
    ]);
    expect(after.events[0]!.data).toMatchObject({ quotation_id: quotation!.id, quotation_number: quotation!.number });
    expect(after.events[1]!.data).toMatchObject({ payment_id: payment!.id, order_id: payment!.order_id, status: 'paid' });
  });

  it('publishes nothing for a change that was rolled back', async () => {
    const before = await caughtUp();
    const [order] = await query<{ id: string }>(t.app, sql`select id from orders order by number limit 1`);
    await t.app.database.db
      .transaction(async (tx) => {
        await orderMoved(tx, order!.id, 'ordered', 'processing');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await caughtUp()).toEqual(before);
  });

  it('refuses a cursor it did not hand out, and a bad limit, with their codes', async () => {
    for (const after of ['abc', '1-', '-1', '12.5', '99999999999999999999999-1', '1-9223372036854775808', "1-1' or 1=1"]) {
      const res = await feed(`?after=${encodeURIComponent(after)}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().code).toBe(INTEGRATION_EVENT_ERRORS.CURSOR_INVALID);
    }
    for (const limit of ['0', '1001', 'x', '-1', '1e3']) {
      const res = await feed(`?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
    }
  });

  it('is for integration clients with events:read only', async () => {
    const other = await integrationClient(t.app, ['orders:read']);
    expect((await feed('', other.headers)).json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    const person = await accessToken(t.app, HOSPITAL_BUYER);
    const res = await feed('', { authorization: `Bearer ${person}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(INTEGRATION_ERRORS.NOT_A_CLIENT);
    expect((await feed('', {})).statusCode).toBe(401);
  });
});

// On PostgreSQL, with real concurrency: the pull feed never skips an event whose transaction took a
// smaller position but committed later, and two instances' dispatchers deliver each event once.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventFeedSchema, WebhookCreatedSchema } from '@portal/shared/schemas';
import type { Db } from '../../db/client';
import { orderMoved } from '../../test-support/order-events';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTwinApps, type TwinApps } from '../../test-support/twin-apps';
import { inOrderPerAggregate, moveOrders, orderedOrders, startReceiver } from './events.test-support';

let twins: TwinApps;
let client: TestIntegrationClient;
beforeAll(async () => {
  twins = await startTwinApps();
  client = await integrationClient(twins.a, ['events:read']);
});
afterAll(async () => {
  await twins?.close();
});

async function page(after: string | null) {
  const res = await twins.a.inject({ url: `/api/integration/v1/events?limit=1000${after ? `&after=${after}` : ''}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(EventFeedSchema, res.json());
}

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: twins.env.databaseUrl });
  await c.connect();
  return c;
}

/** A move's history row and its event, on this connection's open transaction (as the orders owner writes them). */
const publish = (c: pg.Client, orderId: string) => orderMoved(drizzle(c) as unknown as Db, orderId, 'ordered', 'processing');

describe('the pull feed under concurrent transactions', () => {
  it('serves an event that committed after a later position once, never skipping it', async () => {
    const [first, second, third] = await orderedOrders(twins.a, 3);
    let cursor = (await page(null)).next_cursor;
    const polled: string[] = [];
    const poll = async () => {
      const p = await page(cursor);
      polled.push(...p.items.map((e) => e.aggregate_id));
      cursor = p.next_cursor;
      return p.items.map((e) => e.aggregate_id);
    };
    const slow = await connect();
    const fast = await connect();
    const late = await connect();
    try {
      // `slow` takes the smaller position and commits last; `fast` commits first.
      await slow.query('begin');
      await publish(slow, first!);
      await fast.query('begin');
      await publish(fast, second!);
      await fast.query('commit');
      // `fast`'s event is served at once; `slow`'s, committed later, is numbered after it.
      expect(await poll()).toEqual([second]);
      await slow.query('commit');
      expect(await poll()).toEqual([first]);

      // The other way round: `late` took its transaction id first but writes its event last.
      await late.query('begin');
      await late.query('select pg_current_xact_id()');
      await fast.query('begin');
      await publish(fast, third!);
      await fast.query('commit');
      expect(await poll()).toEqual([third]);
      await publish(late, first!);
      await late.query('commit');
      expect(await poll()).toEqual([first]);
    } finally {
      await Promise.all([slow.end(), fast.end(), late.end()]);
    }
    expect(polled).toEqual([second, first, third, first]);
  });
});

describe('two instances', () => {
  it('deliver each event once between them, in order per order', async () => {
    const ids = await orderedOrders(twins.a, 5, 3);
    const receiver = await startReceiver();
    try {
      const res = await twins.a.inject({ method: 'POST', url: '/api/integration/v1/webhooks', headers: client.headers, payload: { url: receiver.url, event_types: ['order.status_changed'] } });
      receiver.setSecret(v.parse(WebhookCreatedSchema, res.json()).secret);
      await moveOrders(twins.a, ids);
      // Both dispatchers at once, until every event is in (each pass takes what is due).
      const tallies = [];
      for (let round = 0; round < 20 && receiver.events.length < 10; round++) {
        tallies.push(...(await Promise.all([twins.a.webhookDispatcher.runOnce(), twins.b.webhookDispatcher.runOnce()])));
      }
      expect(receiver.events).toHaveLength(10);
      expect(receiver.requests).toBe(10);
      expect(receiver.duplicates).toBe(0);
      expect(receiver.badSignatures).toBe(0);
      expect(inOrderPerAggregate(receiver.events)).toBe(true);
      expect(tallies.reduce((sum, r) => sum + r.delivered, 0)).toBe(10);
    } finally {
      await receiver.close();
    }
  });
});

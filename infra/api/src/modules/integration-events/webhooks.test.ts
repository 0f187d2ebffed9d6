// Webhooks end to end against a receiver started here: it refuses the first deliveries and loses
// some acknowledgements, then de-duplicates by webhook-id; it must see every event exactly once, in
// order per order, each validly signed. A receiver that keeps refusing sends a delivery to the dead
// letters after the last try, the order's next event waits behind it, and a replay delivers both.
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, INTEGRATION_ERRORS, INTEGRATION_EVENT_ERRORS, WebhookCreatedSchema, WebhookDeliveryListSchema, WebhookListSchema } from '@portal/shared/schemas';
import { integrationWebhookDeliveries } from './tables';
import { accessToken } from '../../test-support/demo-buyers';
import { integrationClient, auditRows, type TestIntegrationClient } from '../../test-support/integration-clients';
import { CASE_MANAGER } from '../../test-support/orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { inOrderPerAggregate, moveOrders, orderedOrders, startReceiver, type Receiver } from './events.test-support';

let t: TestApp;
let client: TestIntegrationClient;
let receiver: Receiver;
beforeAll(async () => {
  // Retries at once, six tries in all: the schedule's shape without its waiting.
  t = await startTestApp({ webhookRetrySeconds: '0,0,0,0,0' });
  client = await integrationClient(t.app, ['events:read']);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // Each test registers its own webhook: remove it so the next test's events go only to its own.
  const list = v.parse(WebhookListSchema, (await t.app.inject({ url: '/api/integration/v1/webhooks', headers: client.headers })).json());
  for (const w of list.items) await t.app.inject({ method: 'DELETE', url: `/api/integration/v1/webhooks/${w.id}`, headers: client.headers });
  await receiver?.close();
});

async function register(url: string, types = ['order.status_changed'], headers = client.headers) {
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/webhooks', headers, payload: { url, event_types: types } });
  expect(res.statusCode, res.body).toBe(201);
  return v.parse(WebhookCreatedSchema, res.json());
}

/** Runs the dispatcher until nothing is due (a refusal with a 0 s retry is due again at once). */
const dispatch = () => t.app.webhookDispatcher.runOnce();

describe('webhooks', () => {
  it('delivers every event exactly once, in order per order, signed, through refusals and lost acknowledgements', async () => {
    const orderIds = await orderedOrders(t.app, 3);
    receiver = await startReceiver();
    const hook = await register(receiver.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.setSecret(hook.secret);
    // The first two requests refused, the next two kept but answered 500 (the portal sends them again).
    receiver.policy = (n) => (n <= 2 ? 'refuse' : n <= 4 ? 'lose-ack' : 'ok');
    await moveOrders(t.app, orderIds);

    const tally = await dispatch();
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.events).toHaveLength(6);
    expect(new Set(receiver.events.map((e) => e.id)).size).toBe(6);
    expect(inOrderPerAggregate(receiver.events)).toBe(true);
    expect(new Set(receiver.events.map((e) => e.aggregate_id))).toEqual(new Set(orderIds));
    expect(receiver.duplicates).toBe(2);
    expect(tally).toEqual({ delivered: 6, retried: 4, dead: 0 });
    // Nothing is sent twice once delivered.
    await dispatch();
    expect(receiver.requests).toBe(10);

    // Its own list shows them delivered, with their tries.
    const list = v.parse(WebhookDeliveryListSchema, (await t.app.inject({ url: '/api/integration/v1/webhooks/deliveries', headers: client.headers })).json());
    expect(list.items.filter((d) => d.webhook_id === hook.id).every((d) => d.status === 'delivered')).toBe(true);
    expect(list.items.reduce((sum, d) => sum + d.attempts, 0)).toBe(10);
    expect((await auditRows(t.app, client.clientName)).map((r) => r.action)).toContain('webhook.created');
  });

  it('sends a delivery to the dead letters after the last try, holds the order behind it, and a replay delivers both', async () => {
    const [orderId] = await orderedOrders(t.app, 1, 3);
    receiver = await startReceiver();
    const hook = await register(receiver.url);
    receiver.setSecret(hook.secret);
    receiver.policy = () => 'refuse';
    await moveOrders(t.app, [orderId!]);

    expect(await dispatch()).toEqual({ delivered: 0, retried: 5, dead: 1 });
    const rows = await t.app.database.db
      .select({ id: integrationWebhookDeliveries.id, status: integrationWebhookDeliveries.status, attempts: integrationWebhookDeliveries.attempts, sequence: integrationWebhookDeliveries.sequence, error: integrationWebhookDeliveries.lastError })
      .from(integrationWebhookDeliveries)
      .where(and(eq(integrationWebhookDeliveries.webhookId, hook.id), eq(integrationWebhookDeliveries.aggregateId, orderId!)))
      .orderBy(integrationWebhookDeliveries.sequence);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['dead', 6],
      ['pending', 0],
    ]);
    expect(rows[0]!.error).toContain('503');

    // Staff see it; a replay of the pending one is refused, of an unknown one not found.
    const staff = { authorization: `Bearer ${await accessToken(t.app, CASE_MANAGER)}` };
    const seen = v.parse(WebhookDeliveryListSchema, (await t.app.inject({ url: '/api/v1/staff/integration/deliveries?status=dead', headers: staff })).json());
    expect(seen.items.find((d) => d.id === rows[0]!.id)).toMatchObject({ status: 'dead', attempts: 6, client_name: client.clientName, last_status_code: 503 });
    const pendingReplay = await t.app.inject({ method: 'POST', url: `/api/v1/staff/integration/deliveries/${rows[1]!.id}/replay`, headers: staff });
    expect(pendingReplay.statusCode).toBe(409);
    expect(pendingReplay.json().code).toBe(INTEGRATION_EVENT_ERRORS.DELIVERY_PENDING);

    // Another client cannot replay it; its own client can.
    const other = await integrationClient(t.app, ['events:read']);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/integration/v1/webhooks/deliveries/${rows[0]!.id}/replay`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(INTEGRATION_EVENT_ERRORS.DELIVERY_NOT_FOUND);
    receiver.policy = () => 'ok';
    const replay = await t.app.inject({ method: 'POST', url: `/api/integration/v1/webhooks/deliveries/${rows[0]!.id}/replay`, headers: client.headers });
    expect(replay.statusCode, replay.body).toBe(204);
    expect(await dispatch()).toEqual({ delivered: 2, retried: 0, dead: 0 });
    expect(receiver.events.map((e) => e.sequence)).toEqual([rows[0]!.sequence, rows[1]!.sequence]);
  });

  it('refuses a URL that is not https (http only to localhost outside production) and bad event types', async () => {
    for (const url of ['http://erp.example.com/hooks', 'ftp://erp.example.com/', 'https://user:pw@erp.example.com/']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/webhooks', headers: client.headers, payload: { url, event_types: ['order.placed'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe(INTEGRATION_EVENT_ERRORS.WEBHOOK_URL_REFUSED);
    }
    for (const payload of [{ url: 'https://erp.example.com/', event_types: ['order.eaten'] }, { url: 'https://erp.example.com/', event_types: [] }, { url: 'not a url', event_types: ['order.placed'] }, { url: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/webhooks', headers: client.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
    }
    receiver = await startReceiver();
  });

  it('keeps one client to its own webhooks, and needs events:read', async () => {
    receiver = await startReceiver();
    const hook = await register(receiver.url);
    const other = await integrationClient(t.app, ['events:read']);
    const theirs = v.parse(WebhookListSchema, (await t.app.inject({ url: '/api/integration/v1/webhooks', headers: other.headers })).json());
    expect(theirs.items).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/integration/v1/webhooks/${hook.id}`, headers: other.headers });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe(INTEGRATION_EVENT_ERRORS.WEBHOOK_NOT_FOUND);
    const noScope = await integrationClient(t.app, ['stock:write']);
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/webhooks', headers: noScope.headers, payload: { url: receiver.url, event_types: ['order.placed'] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
  });
});

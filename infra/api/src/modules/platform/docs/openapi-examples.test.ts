// Issue 29 "Documentation": every integration route in the OpenAPI document with examples. defineRoute
// checks that an example matches its schema; this test checks that every Integration operation has
// them, so a new integration route without examples fails here, and that their values are realistic.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigitOk } from '@portal/shared/schemas';
import { ORDER_NUMBER_PATTERN } from '../../../db/order-number';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

type Media = { schema?: unknown; example?: unknown };
type Operation = {
  operationId: string;
  tags: string[];
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  operations = Object.values(paths).flatMap((methods) => Object.values(methods)).filter((op) => op.tags.includes('Integration'));
});
afterAll(async () => {
  await t?.close();
});

/** Every example of an operation with where it is, NDJSON bodies split into their records. */
function examplesOf(op: Operation): { where: string; value: unknown }[] {
  const out: { where: string; value: unknown }[] = [];
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    if (type === 'application/x-ndjson' && typeof media.example === 'string') {
      media.example.split('\n').filter((l) => l.trim() !== '').forEach((line, i) => out.push({ where: `${op.operationId} body line ${i + 1}`, value: JSON.parse(line) }));
    } else if (media.example !== undefined) out.push({ where: `${op.operationId} body`, value: media.example });
  }
  for (const [status, response] of Object.entries(op.responses)) {
    for (const media of Object.values(response.content ?? {})) if (media.example !== undefined) out.push({ where: `${op.operationId} ${status}`, value: media.example });
  }
  return out;
}

/** The values of `key` anywhere in `value`. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, key));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe('OpenAPI examples of the integration routes', () => {
  it('documents the integration routes under their own tag', () => {
    const ids = operations.map((op) => op.operationId);
    // One of each module's: the bulk imports, the orders and shipments, the events, the payments, the client check, the token.
    expect(ids).toEqual(
      expect.arrayContaining(['importProducts', 'importJob', 'updateStock', 'reportShipment', 'integrationOrders', 'integrationEvents', 'createIntegrationWebhook', 'integrationRecordInvoicePayment', 'integrationClient', 'token']),
    );
  });

  it('gives every request body and every 2xx answer with a schema an example', () => {
    const missing: string[] = [];
    for (const op of operations) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.example === undefined) missing.push(`${op.operationId}: request body (${type})`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^2\d\d$/.test(status)) continue;
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema !== undefined && media.example === undefined) missing.push(`${op.operationId}: ${status} (${type})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('sends an NDJSON body example as lines, and keeps examples out of the descriptions', () => {
    const bulk = operations.filter((op) => op.requestBody?.content['application/x-ndjson']);
    expect(bulk.map((op) => op.operationId).sort()).toEqual(['importCustomers', 'importPrices', 'importProducts', 'importStock']);
    for (const op of bulk) expect(op.requestBody!.content['application/x-ndjson']!.example).toMatch(/^\{.*\}\n(\{.*\}\n)*$/);
    for (const op of operations) expect(`${op.operationId}: ${op.description ?? ''}`).not.toMatch(/Example (body|line)/);
  });

  it('uses realistic values: GS1-valid GTINs, order numbers like the demo\'s, signed webhook deliveries', () => {
    const all = operations.flatMap(examplesOf);
    const gtins = all.flatMap(({ where, value }) => valuesOf(value, 'gtin').map((gtin) => ({ where, gtin })));
    expect(gtins.length).toBeGreaterThan(0);
    expect(gtins.filter(({ gtin }) => typeof gtin !== 'string' || !gtinCheckDigitOk(gtin))).toEqual([]);
    const numbers = all.flatMap(({ where, value }) => valuesOf(value, 'order_number').map((number) => ({ where, number })));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter(({ number }) => !ORDER_NUMBER_PATTERN.test(String(number)))).toEqual([]);
    // The delivery headers in the webhook's description: the signature of the feed example's first
    // event with the registration example's secret, computed here by hand (Standard Webhooks).
    const webhook = operations.find((op) => op.operationId === 'createIntegrationWebhook')!;
    const [, id, timestamp, signature] = /`webhook-id: ([^`]+)`, `webhook-timestamp: (\d+)`, `webhook-signature: v1,([^`]+)`/.exec(webhook.description ?? '') ?? [];
    const { secret } = webhook.responses['201']!.content!['application/json']!.example as { secret: string };
    const feed = operations.find((op) => op.operationId === 'integrationEvents')!.responses['200']!.content!['application/json']!.example as { items: { id: string }[] };
    expect(id).toBe(feed.items[0]!.id);
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    expect(signature).toBe(createHmac('sha256', key).update(`${id}.${timestamp}.${JSON.stringify(feed.items[0])}`).digest('base64'));
  });
});

// A shipment's Despatch Advice delivered by the e-invoices' one mechanism (decision 083), on the real
// app: the warehouse's report queues it; the delivery job hands it to the local stand-in access point
// (the development one) and follows it until delivered; a send that keeps failing is retried, then
// given up on, and shows on the staff's page of failed deliveries beside the e-invoices, where the
// organisation's staff retry it. Another organisation's staff and the buyers do not see it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../test-support/integration-clients';
import { addStaff, CASE_MANAGER, POLICE_CASE_MANAGER } from '../test-support/orders';
import { orderToShip, report } from '../test-support/shipments';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { invoiceDocuments } from '../modules/invoices/invoice-documents';
import { createDespatchDocuments } from '../modules/shipments/despatch/despatch-documents';
import { AccessPointError, type AccessPoint } from '../modules/invoice-delivery/access-point';
import { createDeliveryJob } from '../modules/invoice-delivery/delivery-job';
import { createDevAccessPoint } from '../modules/invoice-delivery/dev-access-point';
import { createInvoiceDeliveryRepository } from '../modules/invoice-delivery/invoice-delivery.repository';

let t: TestApp;
let warehouse: TestIntegrationClient;
const SELLER = '0208:0999999922';
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Test warehouse');
  await addStaff(t.app, POLICE_CASE_MANAGER, POLICE_BUYER);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** The delivery job as the app builds it, with the access point given (the shipments' and invoices' real documents). */
const jobWith = (accessPoint: AccessPoint, maxAttempts = 2) =>
  createDeliveryJob({
    db: t.app.database.db,
    repo: createInvoiceDeliveryRepository(t.app.database.db),
    accessPoint,
    documents: invoiceDocuments,
    despatchAdvices: createDespatchDocuments({ peppolParticipantId: SELLER }),
    config: { intervalMs: 0, maxAttempts, senderCountry: 'BE' },
    log: silent,
  });

/** A shipment of a hospital order reported by the warehouse: its Despatch Advice's id. */
async function shipped(shipmentId: string): Promise<string> {
  const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: report(order, shipmentId) });
  expect(res.statusCode, res.body).toBe(201);
  const [advice] = await query<{ id: string }>(t.app, sql`select d.id::text from despatch_advices d join shipments s on s.id = d.shipment_id where s.external_id = ${shipmentId}`);
  return advice!.id;
}
const deliveryOf = async (adviceId: string) =>
  (
    await query<{ id: string; status: string; attempts: number; last_error: string | null; message_id: string | null }>(
      t.app,
      sql`select id::text, status::text, attempts, last_error, message_id from invoice_deliveries where document_kind = 'despatch_advice' and document_id = ${adviceId}`,
    )
  )[0]!;
/** The job's next look at every moving row is due now (instead of waiting for the backoff or the poll). */
const dueNow = () => query(t.app, sql`update invoice_deliveries set next_attempt_at = now() where status in ('queued', 'sent')`);
const as = async (email: string) => ({ authorization: `Bearer ${await accessToken(t.app, email)}` });
const failedPage = async (email: string) => t.app.inject({ url: '/api/v1/staff/failed-deliveries', headers: await as(email) });

describe('Despatch Advice delivery (decision 083)', () => {
  it('is queued with the shipment, handed to the access point under its row id, and followed until delivered', async () => {
    const adviceId = await shipped('DD-OK');
    expect(await deliveryOf(adviceId)).toMatchObject({ status: 'queued', attempts: 0 });
    const standIn = createDevAccessPoint(mkdtempSync(join(tmpdir(), 'portal-despatch-delivery-')));
    const job = jobWith(standIn);
    await job.runOnce();
    const sent = await deliveryOf(adviceId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    const received = (await standIn.received(100)).find((m) => m.messageId === sent.id);
    expect(received).toMatchObject({ documentType: 'DespatchAdvice', senderId: SELLER });
    // The access point confirms the receiving side has it: the next look marks it delivered.
    await dueNow();
    await job.runOnce();
    expect(await deliveryOf(adviceId)).toMatchObject({ status: 'delivered', last_error: null });
  });

  it('is retried after a failed send, given up on after the last attempt, shown to its staff beside the e-invoices, and retried by them', async () => {
    const adviceId = await shipped('DD-FAIL');
    const handed: string[] = [];
    const down: AccessPoint = {
      name: 'down',
      async send(document) {
        handed.push(document.id);
        throw new AccessPointError('access point answered 503', false);
      },
      async status() {
        return { state: 'unknown' };
      },
    };
    const job = jobWith(down, 2);
    await job.runOnce();
    expect(await deliveryOf(adviceId)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'access point answered 503' });
    await dueNow();
    await job.runOnce();
    const failed = await deliveryOf(adviceId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, last_error: 'access point answered 503' });
    expect(handed.filter((id) => id === failed.id)).toHaveLength(2);

    // The organisation's staff see it, named by the shipment and its order.
    const page = await failedPage(CASE_MANAGER);
    expect(page.statusCode, page.body).toBe(200);
    const item = page.json().items.find((i: { document_id: string }) => i.document_id === adviceId);
    expect(item).toMatchObject({ id: failed.id, document_kind: 'despatch_advice', reference: 'DD-FAIL', channel: 'peppol', attempts: 2, last_error: 'access point answered 503' });
    expect(item.order_number).toMatch(/^SO-TEST-/);
    expect(item.organisation_name).toEqual(expect.any(String));

    // Another organisation's staff do not; buyers are refused the page and the retry; no sign-in is 401.
    const other = await failedPage(POLICE_CASE_MANAGER);
    expect(other.statusCode).toBe(200);
    expect(other.json().items.map((i: { document_id: string }) => i.document_id)).not.toContain(adviceId);
    for (const buyer of [HOSPITAL_BUYER, POLICE_BUYER]) {
      const refused = await failedPage(buyer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'INVOICE_DELIVERY_STAFF_ONLY' });
    }
    expect((await t.app.inject({ url: '/api/v1/staff/failed-deliveries' })).statusCode).toBe(401);
    const retryUrl = `/api/v1/despatch-advices/${adviceId}/delivery/retry`;
    expect((await t.app.inject({ method: 'POST', url: retryUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: retryUrl, headers: await as(HOSPITAL_BUYER) })).statusCode).toBe(403);
    const stranger = await t.app.inject({ method: 'POST', url: retryUrl, headers: await as(POLICE_CASE_MANAGER) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'DESPATCH_ADVICE_NOT_FOUND' });

    // The staff's retry queues it again, attempts counted afresh; it leaves the page; a second retry has nothing to do.
    const retried = await t.app.inject({ method: 'POST', url: retryUrl, headers: await as(CASE_MANAGER) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ status: 'queued', channels: [{ channel: 'peppol', status: 'queued', attempts: 0, last_error: 'access point answered 503' }] });
    expect((await failedPage(CASE_MANAGER)).json().items.map((i: { document_id: string }) => i.document_id)).not.toContain(adviceId);
    const again = await t.app.inject({ method: 'POST', url: retryUrl, headers: await as(CASE_MANAGER) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVOICE_DELIVERY_NOT_FAILED' });
  });

});

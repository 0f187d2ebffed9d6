// The retry of failed Order Responses (decision 053, amendment of 2026-11-27): a received order
// whose response the access point did not take is sent again by the job, the very same document
// under the same id; the pace is kept (driven by runOnce, the database's clock moved by hand, no
// sleeping); the maximum and a permanent refusal leave it failed; two instances send it once.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the two claims really race).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeppolSendPort } from '../../invoice-delivery/contract';
import { query } from '../../../test-support/demo-buyers';
import { CONFORMANCE_DIR } from '../../../test-support/schematron';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { createOrderResponseRetryJob, retryDelaySeconds } from './order-response-retry';
import { createProcurementOrdersRepository, type ProcurementOrdersRepository } from './procurement-orders.repository';
import { createProcurementOrdersService } from './procurement-orders.service';

type Sent = Parameters<PeppolSendPort['send']>[0];
const SELLER = { peppolParticipantId: '0208:0999999999', name: 'Test seller', country: 'BE' };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An access point stand-in: records what it was handed; fails (transiently, or for good) while told to. */
function standIn(mode: { fail: false | 'transient' | 'permanent'; gate?: Promise<void> }) {
  const sent: Sent[] = [];
  const ap: PeppolSendPort = {
    async send(doc) {
      await mode.gate;
      sent.push(doc);
      if (mode.fail) throw Object.assign(new Error(`access point down (${mode.fail})`), { permanent: mode.fail === 'permanent' });
      return { messageId: doc.id };
    },
  };
  return { ap, sent };
}

let t: TestApp;
let repo: ProcurementOrdersRepository;
const job = (ap: PeppolSendPort, maxAttempts = 12) =>
  createOrderResponseRetryJob({ repo, accessPoint: ap, seller: SELLER, config: { intervalMs: 0, maxAttempts }, log: quiet });

interface Row {
  response_status: string;
  response_attempts: number;
  response_error: string | null;
  response_xml: string;
  /** Seconds from now to the next attempt (null: none). */
  due_in: number | null;
}
async function row(id: string): Promise<Row> {
  const [r] = await query<Row>(
    t.app,
    sql`select response_status, response_attempts, response_error, response_xml,
               extract(epoch from response_next_attempt_at - now())::float8 as due_in
        from procurement_orders where id = ${id}`,
  );
  return { ...r!, due_in: r!.due_in === null ? null : Number(r!.due_in) };
}
/** Time passes: the row's next attempt is due now. */
const makeDue = (id: string) => query(t.app, sql`update procurement_orders set response_next_attempt_at = now() where id = ${id} returning id`);

/** A failed response as the first send leaves it: one attempt made, due now. */
async function failedRow(attempts = 1): Promise<{ id: string; xml: string }> {
  const xml = `<OrderResponse><ID>${randomUUID()}</ID></OrderResponse>`;
  const [r] = await query<{ id: string }>(
    t.app,
    sql`insert into procurement_orders (channel, sender, buyer_order_id, response_code, response_note, response_xml, response_status, response_error, response_receiver, response_attempts, response_next_attempt_at)
        values ('peppol', '0208:0412345699', ${randomUUID()}, 'RE', 'unknown buyer', ${xml}, 'failed', 'down', '0208:ABC0412345699', ${attempts}, now())
        returning id`,
  );
  return { id: r!.id, xml };
}

beforeAll(async () => {
  t = await startTestApp();
  repo = createProcurementOrdersRepository(t.app.database.db);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('Order Response retry', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 11].map(retryDelaySeconds)).toEqual([60, 300, 1800, 7200, 21_600, 21_600, 21_600]);
  });

  it('keeps a response the access point did not take and sends the same document on retry', async () => {
    // An order from a buyer that is no customer: answered RE without placement (the port is never called).
    const id = `T-${randomUUID()}`;
    const order = readFileSync(join(CONFORMANCE_DIR, 'peppol/ordering/examples/order/UC1_Order.xml'), 'utf8')
      .replace(/(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]*(<\/cbc:ID>)/, `$1${id}$2`)
      .replace(/(<cac:BuyerCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID )schemeID="[^"]*">[^<]*/, '$1schemeID="0208">ABC0412345600');
    const down = standIn({ fail: 'transient' });
    const service = createProcurementOrdersService({
      db: t.app.database.db,
      repo,
      placement: { placeLines: () => Promise.reject(new Error('not placed')) },
      costCentres: { procurementCostCentre: () => Promise.resolve({ costCentreId: null }) },
      items: { match: () => Promise.reject(new Error('not matched')) },
      accessPoint: down.ap,
      seller: SELLER,
      maxResponseAttempts: 12,
      log: quiet,
    });
    const received = await service.receivePeppol(order);
    expect(received).toMatchObject({ response_code: 'RE', response_status: 'failed' });
    const first = await row(received.id);
    expect(first).toMatchObject({ response_status: 'failed', response_attempts: 1, response_error: 'access point down (transient)' });
    expect(first.due_in).toBeGreaterThan(50);
    expect(first.due_in).toBeLessThanOrEqual(60);

    // Not due yet: the job leaves it.
    const up = standIn({ fail: false });
    expect(await job(up.ap).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(up.sent).toHaveLength(0);

    await makeDue(received.id);
    expect(await job(up.ap).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(received.id)).toMatchObject({ response_status: 'sent', response_attempts: 2, response_error: null, due_in: null });
    // The same document, id, sender and receiver (its case as the order wrote it) as the first try.
    expect(up.sent).toEqual([{ ...down.sent[0], ubl: Buffer.from(first.response_xml) }]);
    expect(down.sent[0]).toMatchObject({ id: received.id, receiverId: '0208:ABC0412345600', senderId: SELLER.peppolParticipantId, documentType: 'OrderResponse' });
    expect(down.sent[0]!.ubl.toString()).toBe(first.response_xml);

    // Sent: never again.
    await makeDue(received.id);
    expect(await job(up.ap).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(up.sent).toHaveLength(1);
  });

  it('fails again with a growing pause, then sends once it is due and the access point works', async () => {
    const r = await failedRow();
    const down = standIn({ fail: 'transient' });
    expect(await job(down.ap).runOnce()).toMatchObject({ retried: 1 });
    let now = await row(r.id);
    expect(now).toMatchObject({ response_status: 'failed', response_attempts: 2, response_error: 'access point down (transient)' });
    expect(now.due_in).toBeGreaterThan(290);
    expect(now.due_in).toBeLessThanOrEqual(300);
    // Within the pause nothing is tried.
    expect(await job(down.ap).runOnce()).toMatchObject({ retried: 0 });
    expect(down.sent).toHaveLength(1);

    await makeDue(r.id);
    await job(down.ap).runOnce();
    now = await row(r.id);
    expect(now.response_attempts).toBe(3);
    expect(now.due_in).toBeGreaterThan(1790);
    expect(now.due_in).toBeLessThanOrEqual(1800);

    await makeDue(r.id);
    const up = standIn({ fail: false });
    expect(await job(up.ap).runOnce()).toMatchObject({ sent: 1 });
    expect(await row(r.id)).toMatchObject({ response_status: 'sent', response_attempts: 4, response_error: null, due_in: null });
    expect(up.sent.map((d) => [d.id, d.receiverId, d.ubl.toString()])).toEqual([[r.id, '0208:ABC0412345699', r.xml]]);
  });

  it('leaves it failed for staff after the maximum number of attempts', async () => {
    const r = await failedRow(2);
    const down = standIn({ fail: 'transient' });
    expect(await job(down.ap, 3).runOnce()).toMatchObject({ failed: 1, retried: 0 });
    expect(await row(r.id)).toMatchObject({ response_status: 'failed', response_attempts: 3, response_error: 'access point down (transient)', due_in: null });
    expect(await job(standIn({ fail: false }).ap, 3).runOnce()).toMatchObject({ sent: 0 });
  });

  it('does not try again what the access point refused for good', async () => {
    const r = await failedRow();
    expect(await job(standIn({ fail: 'permanent' }).ap).runOnce()).toMatchObject({ failed: 1 });
    expect(await row(r.id)).toMatchObject({ response_status: 'failed', response_attempts: 2, due_in: null });
  });

  it('sends a response once when two instances run at the same time', async () => {
    const r = await failedRow();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const one = standIn({ fail: false, gate });
    const two = standIn({ fail: false, gate });
    const runs = Promise.all([job(one.ap).runOnce(), job(two.ap).runOnce()]);
    setTimeout(open, 50);
    const passes = await runs;
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(1);
    expect([...one.sent, ...two.sent].map((d) => d.id)).toEqual([r.id]);
    expect(await row(r.id)).toMatchObject({ response_status: 'sent', response_attempts: 2 });
  });

  it('does not let a claim whose lease ran out overwrite a later one', async () => {
    const r = await failedRow();
    const [stale] = await repo.claimRetries(20, 300);
    expect(stale!.id).toBe(r.id);
    await makeDue(r.id);
    const [fresh] = await repo.claimRetries(20, 300);
    expect(fresh!.response_attempts).toBe(stale!.response_attempts + 1);
    await repo.markResponseSent(stale!);
    expect((await row(r.id)).response_status).toBe('failed');
    await repo.markResponseSent(fresh!);
    expect((await row(r.id)).response_status).toBe('sent');
  });
});

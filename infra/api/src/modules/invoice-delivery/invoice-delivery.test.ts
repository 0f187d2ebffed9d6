// Delivery end to end on a real database, with the real mail dispatcher and an SMTP server started
// in this process: enqueue in the issuing transaction, the job sending to the development access
// point and following the status, retries and failure, the mail in the organisation's language with
// the PDF and the UBL attached, the statuses the invoice pages read, and the staff's retry route.
// The invoices module's documents are a fake InvoiceDocumentsPort here (fixture bytes).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCents } from '@portal/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverableInvoice, InvoiceDocumentsPort } from '../invoices/contract';
import type { DespatchDocumentsPort } from '../shipments/contract';
import { invoiceDeliveries } from './tables';
import { memberships, outbox, users } from '../../db/schema';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp-server';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { AccessPointError, type AccessPoint } from './access-point';
import { createDeliveryJob, FIRST_RETRY_SECONDS } from './delivery-job';
import { NOTHING_TO_DELIVER } from './delivery-status';
import { createDevAccessPoint } from './dev-access-point';
import { createInvoiceDeliveryPort } from './invoice-delivery.port';
import { createInvoiceDeliveryRepository } from './invoice-delivery.repository';
import { createInvoiceDeliveryService } from './invoice-delivery.service';

const STAFF = 'an.claes@portal-supplier.example';
const silent = { info() {}, warn() {}, error() {} };

let t: TestApp;
let smtp: TestSmtpServer;
let organisationA: string;
const apDir = mkdtempSync(join(tmpdir(), 'portal-invoice-delivery-'));
const devAccessPoint = createDevAccessPoint(apDir);

// The invoices module's side: the documents as issued (fixtures).
const docs = new Map<string, DeliverableInvoice>();
const documents: InvoiceDocumentsPort = {
  forDelivery: async (_db, id) => docs.get(id) ?? null,
  numbers: async (_db, ids) => new Map(ids.flatMap((id) => (docs.has(id) ? [[id, docs.get(id)!.number] as const] : []))),
};
// The shipments' side: no Despatch Advice in these tests (crossing/despatch-delivery.test.ts has them).
const despatchAdvices: DespatchDocumentsPort = { forDelivery: async () => null, references: async () => new Map() };
let serial = 100;
function issued(over: Partial<DeliverableInvoice> = {}): DeliverableInvoice {
  const id = randomUUID();
  const number = `2026-000${++serial}`;
  const doc: DeliverableInvoice = {
    id,
    kind: 'invoice',
    number,
    language: 'nl',
    organisationId: organisationA,
    totalCents: 123_456,
    payableCents: 123_456,
    currency: 'EUR',
    dueDate: '2026-12-31',
    senderParticipantId: '0208:0999888777',
    receiverParticipantId: '0208:0412345678',
    billingEmail: 'Facturatie@Zorggroep-Scheldeland.example',
    pdf: Buffer.from(`%PDF-1.7 fixture of ${number}`),
    ubl: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${number}</ID></Invoice>`),
    ...over,
  };
  docs.set(doc.id, doc);
  return doc;
}

const db = () => t.app.database.db;
const port = createInvoiceDeliveryPort({ documents });
const jobWith = (accessPoint: AccessPoint | null, maxAttempts = 3) =>
  createDeliveryJob({ db: db(), repo: createInvoiceDeliveryRepository(db()), accessPoint, documents, despatchAdvices, config: { intervalMs: 0, maxAttempts, senderCountry: 'BE' }, log: silent });
const enqueue = (id: string) => db().transaction((tx) => port.enqueue(tx, id));
const rowsOf = (invoiceId: string) => db().select().from(invoiceDeliveries).where(eq(invoiceDeliveries.documentId, invoiceId)).orderBy(invoiceDeliveries.channel);
const rowOf = async (invoiceId: string, channel: 'peppol' | 'email') => (await rowsOf(invoiceId)).find((r) => r.channel === channel)!;
/** The job's next look is due now (instead of waiting for the backoff). */
const dueNow = (invoiceId: string) => db().update(invoiceDeliveries).set({ nextAttemptAt: sql`now()` }).where(eq(invoiceDeliveries.documentId, invoiceId));
const mailsTo = (address: string) => smtp.received.filter((m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === address);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'MedTac Supply <invoices@portal.test>', publicBaseUrl: 'https://portal.test', mailMaxAttempts: 2 });
  // Until the invoices module is merged the app has no issued documents: its delivery service (the
  // mail's attachments, the retry route) reads this test's instead.
  Object.assign(t.app.invoiceDelivery, createInvoiceDeliveryService({ db: db(), repo: createInvoiceDeliveryRepository(db()), documents, despatchAdvices }));
  const [membership] = await db()
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(users.email, HOSPITAL_BUYER));
  organisationA = membership!.organisationId;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  rmSync(apDir, { recursive: true, force: true });
});

/** The app's own mail dispatcher (over the SMTP server above); its invoice attachments come from this test's documents (see beforeAll). */
const dispatcher = () => t.app.mailDispatcher;

describe('queueing in the issuing transaction', () => {
  it('writes a Peppol row and a mail row with its outbox message, once, and nothing when the issue rolls back', async () => {
    const doc = issued();
    await enqueue(doc.id);
    await enqueue(doc.id);
    const rows = await rowsOf(doc.id);
    expect(rows.map((r) => [r.channel, r.status, r.recipient])).toEqual([
      ['peppol', 'queued', '0208:0412345678'],
      ['email', 'queued', 'facturatie@zorggroep-scheldeland.example'],
    ]);
    const mail = rows.find((r) => r.channel === 'email')!;
    const [message] = await db().select().from(outbox).where(eq(outbox.id, mail.outboxId!));
    expect(message).toMatchObject({ template: 'invoice.issued', locale: 'nl', status: 'pending', recipient: 'facturatie@zorggroep-scheldeland.example' });
    expect(message!.payload.attachments).toEqual([
      { kind: 'invoice_pdf', invoiceId: doc.id },
      { kind: 'invoice_ubl', invoiceId: doc.id },
    ]);
    expect(await db().select().from(outbox).where(sql`${outbox.payload}->>'invoiceId' = ${doc.id}`)).toHaveLength(1);

    const rolledBack = issued();
    await expect(
      db().transaction(async (tx) => {
        await port.enqueue(tx, rolledBack.id);
        throw new Error('the issue failed after queueing');
      }),
    ).rejects.toThrow('the issue failed');
    expect(await rowsOf(rolledBack.id)).toEqual([]);
    expect(await db().select().from(outbox).where(sql`${outbox.payload}->>'invoiceId' = ${rolledBack.id}`)).toEqual([]);
  });

  it('queues only the channels the buyer has, and refuses an invoice the issuing transaction does not hold', async () => {
    const mailOnly = issued({ receiverParticipantId: null });
    const peppolOnly = issued({ billingEmail: null });
    await enqueue(mailOnly.id);
    await enqueue(peppolOnly.id);
    expect((await rowsOf(mailOnly.id)).map((r) => r.channel)).toEqual(['email']);
    expect((await rowsOf(peppolOnly.id)).map((r) => r.channel)).toEqual(['peppol']);
    await expect(enqueue(randomUUID())).rejects.toThrow('No issued document');
  });
});

describe('sending over Peppol', () => {
  it('sends the UBL to the development access point, which keeps it; the status poll then reports it delivered', async () => {
    const doc = issued({ billingEmail: null });
    await enqueue(doc.id);
    const job = jobWith(devAccessPoint);
    const first = await job.runOnce();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const row = await rowOf(doc.id, 'peppol');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId: row.id, lastError: null });
    expect(readFileSync(join(apDir, 'access-point', row.id, 'document.xml')).equals(doc.ubl)).toBe(true);
    expect((await port.statuses(db(), [doc.id])).get(doc.id)).toEqual({ status: 'sent', lastError: null });

    // Not due yet: the next pass leaves it; once due, the poll finds it delivered.
    await job.runOnce();
    expect((await rowOf(doc.id, 'peppol')).status).toBe('sent');
    await dueNow(doc.id);
    await job.runOnce();
    expect(await rowOf(doc.id, 'peppol')).toMatchObject({ status: 'delivered' });
    expect((await rowOf(doc.id, 'peppol')).deliveredAt).toBeInstanceOf(Date);
    expect((await port.statuses(db(), [doc.id])).get(doc.id)).toEqual({ status: 'delivered', lastError: null });
  });

  it('retries a failing access point later and later, and fails the delivery with the last error after the last attempt', async () => {
    const doc = issued({ billingEmail: null });
    await enqueue(doc.id);
    let calls = 0;
    const failing: AccessPoint = {
      name: 'failing',
      async send() {
        calls++;
        throw new AccessPointError(`the access point answered 503 (call ${calls})`, false);
      },
      async status() {
        return { state: 'unknown' };
      },
    };
    const job = jobWith(failing, 3);
    expect((await job.runOnce()).retried).toBeGreaterThanOrEqual(1);
    const after1 = await rowOf(doc.id, 'peppol');
    expect(after1).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the access point answered 503 (call 1)' });
    const wait1 = after1.nextAttemptAt.getTime() - Date.now();
    expect(wait1).toBeGreaterThan((FIRST_RETRY_SECONDS - 5) * 1000);
    await dueNow(doc.id);
    await job.runOnce();
    const after2 = await rowOf(doc.id, 'peppol');
    expect(after2).toMatchObject({ status: 'queued', attempts: 2 });
    expect(after2.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(wait1 + 20_000);
    await dueNow(doc.id);
    await job.runOnce();
    expect(await rowOf(doc.id, 'peppol')).toMatchObject({ status: 'failed', attempts: 3, lastError: 'the access point answered 503 (call 3)' });
    expect((await port.statuses(db(), [doc.id])).get(doc.id)).toEqual({ status: 'failed', lastError: 'peppol: the access point answered 503 (call 3)' });
    // Failed is final: no further pass sends it.
    await dueNow(doc.id);
    await job.runOnce();
    expect(calls).toBe(3);
  });

  it('sends each document once when two instances run the job at the same time', async () => {
    const batch = Array.from({ length: 6 }, () => issued({ billingEmail: null }));
    for (const doc of batch) await enqueue(doc.id);
    const sent: string[] = [];
    const counting: AccessPoint = {
      name: 'counting',
      async send(document) {
        sent.push(document.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { messageId: document.id };
      },
      async status() {
        return { state: 'sent' };
      },
    };
    await Promise.all([jobWith(counting).runOnce(), jobWith(counting).runOnce()]);
    const rows = (await Promise.all(batch.map((d) => rowOf(d.id, 'peppol')))).map((r) => r.id);
    // Every row sent, none twice (other tests' queued rows went out too; they are left out here).
    expect(sent.filter((id) => rows.includes(id)).sort()).toEqual([...rows].sort());
  });

  it('fails at once when the access point refuses the document for good', async () => {
    const doc = issued({ billingEmail: null });
    await enqueue(doc.id);
    const refusing: AccessPoint = {
      name: 'refusing',
      async send() {
        throw new AccessPointError('the access point answered 400: unknown receiver', true);
      },
      async status() {
        return { state: 'unknown' };
      },
    };
    await jobWith(refusing, 10).runOnce();
    expect(await rowOf(doc.id, 'peppol')).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the access point answered 400: unknown receiver' });
  });

  it('fails a sent document when the access point reports its failure, with the reason', async () => {
    const doc = issued({ billingEmail: null });
    await enqueue(doc.id);
    const job = jobWith(devAccessPoint);
    await job.runOnce();
    const row = await rowOf(doc.id, 'peppol');
    const file = join(apDir, 'access-point', row.id, 'status.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), status: 'failed', reason: 'Receiver not registered in the SMP' }));
    await dueNow(doc.id);
    await job.runOnce();
    expect(await rowOf(doc.id, 'peppol')).toMatchObject({ status: 'failed', lastError: 'Receiver not registered in the SMP' });
  });
});

describe('the mail', () => {
  it('goes to the billing address in Dutch with the PDF and the UBL attached, and its row follows the outbox', async () => {
    const doc = issued({ receiverParticipantId: null });
    await enqueue(doc.id);
    // Before the mail goes out the job finds its message pending, and looks again a little later.
    await jobWith(null).runOnce();
    const waiting = await rowOf(doc.id, 'email');
    expect(waiting.status).toBe('queued');
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await dispatcher().runOnce();
    await dueNow(doc.id);
    const [mail] = mailsTo('facturatie@zorggroep-scheldeland.example').filter((m) => m.subject?.includes(doc.number));
    expect(mail, 'the invoice mail').toBeDefined();
    expect(mail!.subject).toBe(`Factuur ${doc.number} van MedTac Supply`);
    expect(mail!.html).toContain('lang="nl"');
    expect(mail!.text).toContain(`In de bijlage vindt u factuur ${doc.number} van ${formatCents(123_456, 'nl-BE')}, te betalen uiterlijk op 31 december 2026.`);
    expect(mail!.text).toContain(`https://portal.test/nl/invoices/${doc.id}`);
    const files = mail!.attachments.map((a) => [a.filename, a.contentType]);
    expect(files).toEqual([
      [`invoice-${doc.number}.pdf`, 'application/pdf'],
      [`invoice-${doc.number}.xml`, 'application/xml'],
    ]);
    expect(mail!.attachments[0]!.content.equals(doc.pdf)).toBe(true);
    expect(mail!.attachments[1]!.content.equals(doc.ubl)).toBe(true);

    expect((await rowOf(doc.id, 'email')).status).toBe('queued');
    await jobWith(null).runOnce();
    expect(await rowOf(doc.id, 'email')).toMatchObject({ status: 'sent', lastError: null });
    expect((await port.statuses(db(), [doc.id])).get(doc.id)).toEqual({ status: 'sent', lastError: null });
  });

  it('writes a credit note in French, without a due date', async () => {
    const doc = issued({ kind: 'credit_note', language: 'fr', dueDate: null, totalCents: 4_250, payableCents: 4_250, receiverParticipantId: null, billingEmail: 'compta@police.example' });
    await enqueue(doc.id);
    await dispatcher().runOnce();
    const [mail] = mailsTo('compta@police.example');
    expect(mail!.subject).toBe(`Note de crédit ${doc.number} de MedTac Supply`);
    expect(mail!.text).toContain(`Veuillez trouver ci-joint la note de crédit ${doc.number} d’un montant de ${formatCents(4_250, 'fr-BE')}.`);
    expect(mail!.text).not.toMatch(/à payer/);
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`credit-note-${doc.number}.pdf`, `credit-note-${doc.number}.xml`]);
  });

  it('fails the mail row when the outbox gives the mail up, with its error', async () => {
    const doc = issued({ receiverParticipantId: null, billingEmail: 'bounce-invoices@example.be' });
    await enqueue(doc.id);
    smtp.refused.add('bounce-invoices@example.be');
    try {
      const d = dispatcher();
      await d.runOnce();
      await db().update(outbox).set({ availableAt: sql`now()` }).where(eq(outbox.recipient, 'bounce-invoices@example.be'));
      await d.runOnce();
    } finally {
      smtp.refused.delete('bounce-invoices@example.be');
    }
    await jobWith(null).runOnce();
    const row = await rowOf(doc.id, 'email');
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/451|temporarily/i);
  });
});

describe('the statuses the invoice pages read', () => {
  it('answers every invoice asked: a failed channel fails it, and an invoice with no channel reached nobody', async () => {
    const nobody = issued({ receiverParticipantId: null, billingEmail: null });
    await enqueue(nobody.id);
    const both = issued();
    await enqueue(both.id);
    const statuses = await port.statuses(db(), [nobody.id, both.id]);
    expect(statuses.get(nobody.id)).toEqual({ status: 'failed', lastError: NOTHING_TO_DELIVER, problem: 'no_recipient' });
    expect(statuses.get(both.id)).toEqual({ status: 'queued', lastError: null });
  });
});

describe('POST /api/v1/invoices/:id/delivery/retry', () => {
  it("lets the organisation's staff queue a failed delivery again (the failed mail back in the outbox), and refuses customers, strangers and a second retry", async () => {
    // An invoice whose documents are not at hand: the retry works from its rows alone.
    const invoiceId = randomUUID();
    const [message] = await db()
      .insert(outbox)
      .values({ channel: 'email', recipient: 'x@example.be', template: 'invoice.issued', locale: 'en', payload: {}, status: 'failed', attempts: 12, lastError: '451' })
      .returning({ id: outbox.id });
    await db()
      .insert(invoiceDeliveries)
      .values([
        { documentId: invoiceId, organisationId: organisationA, channel: 'peppol', status: 'failed', recipient: '0208:0412345678', attempts: 10, lastError: '503' },
        { documentId: invoiceId, organisationId: organisationA, channel: 'email', status: 'failed', recipient: 'x@example.be', attempts: 0, outboxId: message!.id, lastError: '451' },
      ]);
    const url = `/api/v1/invoices/${invoiceId}/delivery/retry`;
    const as = async (email: string) => ({ authorization: `Bearer ${await accessToken(t.app, email)}` });

    const buyer = await t.app.inject({ method: 'POST', url, headers: await as(HOSPITAL_BUYER) });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toMatchObject({ code: 'INVOICE_DELIVERY_STAFF_ONLY' });
    const unknown = await t.app.inject({ method: 'POST', url: `/api/v1/invoices/${randomUUID()}/delivery/retry`, headers: await as(STAFF) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/invoices/not-an-id/delivery/retry', headers: await as(STAFF) })).statusCode).toBe(400);

    const staff = await t.app.inject({ method: 'POST', url, headers: await as(STAFF) });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toEqual({
      status: 'queued',
      channels: [
        { channel: 'peppol', status: 'queued', attempts: 0, last_error: '503' },
        { channel: 'email', status: 'queued', attempts: 0, last_error: '451' },
      ],
    });
    const [requeued] = await db().select().from(outbox).where(eq(outbox.id, message!.id));
    expect(requeued).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await t.app.inject({ method: 'POST', url, headers: await as(STAFF) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVOICE_DELIVERY_NOT_FAILED' });
    expect(await db().select().from(invoiceDeliveries).where(and(eq(invoiceDeliveries.documentId, invoiceId), eq(invoiceDeliveries.status, 'failed')))).toEqual([]);
  });

  it('adds the channel an organisation gained since the issue (a billing email entered later)', async () => {
    const doc = issued({ billingEmail: null });
    await enqueue(doc.id);
    await db().update(invoiceDeliveries).set({ status: 'failed', lastError: '503' }).where(eq(invoiceDeliveries.documentId, doc.id));
    docs.set(doc.id, { ...doc, billingEmail: 'boekhouding@zorggroep-scheldeland.example' });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/invoices/${doc.id}/delivery/retry`, headers: { authorization: `Bearer ${await accessToken(t.app, STAFF)}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels.map((c: { channel: string; status: string }) => [c.channel, c.status])).toEqual([
      ['peppol', 'queued'],
      ['email', 'queued'],
    ]);
    expect(await rowOf(doc.id, 'email')).toMatchObject({ recipient: 'boekhouding@zorggroep-scheldeland.example' });
  });

  it('shows the development access point page to this machine, with what it received', async () => {
    const doc = issued({ billingEmail: null });
    // The app's own development access point (DATA_DIR/access-point), fed directly.
    const appAp = t.app.accessPoint!;
    await appAp.send({ id: doc.id, senderId: doc.senderParticipantId, receiverId: '0208:0412345678', documentType: 'Invoice', senderCountry: 'BE', ubl: doc.ubl });
    const page = await t.app.inject({ url: '/api/dev/access-point', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(doc.id);
    expect(page.body).toContain(`&lt;ID&gt;${doc.number}&lt;/ID&gt;`);
    const list = await t.app.inject({ url: '/api/dev/access-point/messages', remoteAddress: '127.0.0.1' });
    expect(list.json()).toEqual([expect.objectContaining({ messageId: doc.id, status: 'delivered' })]);
    expect((await t.app.inject({ url: '/api/dev/access-point', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
  });
});

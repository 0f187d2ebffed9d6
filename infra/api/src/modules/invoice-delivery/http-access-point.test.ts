// The HTTP access point client against a stand-in of phoss-ap's REST API started in this process:
// what it sends (identifiers, document type, process, our message id, the token), how it retries,
// and how it tells a refusal from a failure that may still have reached the access point.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAccessPointStandIn, type AccessPointStandIn } from '../../test-support/access-point-stand-in';
import { AccessPointError, PEPPOL_BILLING_PROCESS_ID, PEPPOL_DOCUMENT_TYPE_IDS, type OutgoingDocument } from './access-point';
import { createHttpAccessPoint, transmissionStatusOf } from './http-access-point';

let ap: AccessPointStandIn;
beforeAll(async () => {
  ap = await startAccessPointStandIn();
});
afterAll(async () => {
  await ap?.close();
});
beforeEach(() => {
  ap.calls.length = 0;
});

const UBL = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">2026-000042</cbc:ID></Invoice>');
const doc = (over: Partial<OutgoingDocument> = {}): OutgoingDocument => ({
  id: randomUUID(),
  senderId: '0208:0999888777',
  receiverId: '0208:0412345678',
  documentType: 'Invoice',
  senderCountry: 'BE',
  ubl: UBL,
  ...over,
});
const client = (over: Partial<Parameters<typeof createHttpAccessPoint>[0]> = {}) => createHttpAccessPoint({ url: ap.url, token: ap.token, retryDelayMs: 10, ...over });

describe('the HTTP access point (phoss-ap REST shape)', () => {
  it('submits the UBL with the participant, document type and process identifiers, the C1 country, our message id and the token', async () => {
    const sent = doc({ documentType: 'CreditNote', receiverId: '0190:00000001003214345000' });
    expect(await client().send(sent)).toEqual({ messageId: sent.id });
    const tx = ap.transactions.get(sent.id)!;
    expect(tx).toMatchObject({
      senderID: 'iso6523-actorid-upis::0208:0999888777',
      receiverID: 'iso6523-actorid-upis::0190:00000001003214345000',
      docTypeID: PEPPOL_DOCUMENT_TYPE_IDS.CreditNote,
      processID: PEPPOL_BILLING_PROCESS_ID,
      c1CountryCode: 'BE',
    });
    expect(tx.body.equals(UBL)).toBe(true);
  });

  it('retries a 503 at once and succeeds, with one transaction', async () => {
    ap.failNext(503, 2);
    const sent = doc();
    expect(await client().send(sent)).toEqual({ messageId: sent.id });
    expect(ap.calls.filter((c) => c.startsWith('POST'))).toHaveLength(3);
    expect(ap.transactions.get(sent.id)).toBeDefined();
  });

  it('refuses for good on a 400 (a bad identifier or document), without retrying', async () => {
    ap.failNext(400);
    const error = await client().send(doc()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessPointError);
    expect((error as AccessPointError).permanent).toBe(true);
    expect((error as Error).message).toContain('400');
    expect(ap.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('fails for now (to be retried later) when the token is refused', async () => {
    const error = await createHttpAccessPoint({ url: ap.url, token: 'wrong', retryDelayMs: 10 }).send(doc()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessPointError);
    expect((error as AccessPointError).permanent).toBe(false);
    expect((error as Error).message).toContain('401');
  });

  it('takes a document the access point kept although it answered an error (phoss-ap keeps and retries a failed first transmission)', async () => {
    ap.failNext(422, 1, { keep: true });
    const sent = doc();
    expect(await client().send(sent)).toEqual({ messageId: sent.id });
    expect(ap.calls).toContain(`GET /api/outbound/status/${sent.id}`);
  });

  it('after a timeout asks for the message instead of sending it again, and fails for now when the access point never got it', async () => {
    ap.hangNext(1_000);
    const sent = doc();
    // The stand-in stores the document only after its pause: our deadline runs out first.
    const error = await client({ timeoutMs: 150, retries: 0 }).send(sent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessPointError);
    expect((error as AccessPointError).permanent).toBe(false);
    expect(ap.calls).toContain(`GET /api/outbound/status/${sent.id}`);
  });

  it('follows a transaction: in transit, delivered once the receiving access point signed its receipt, unknown, failed with the reason', async () => {
    const sent = doc();
    await client().send(sent);
    const ap1 = client();
    expect(await ap1.status(sent.id)).toEqual({ state: 'sent' });
    ap.setStatus(sent.id, 'sent');
    expect(await ap1.status(sent.id)).toEqual({ state: 'delivered' });
    ap.setStatus(sent.id, 'sent', { mlsStatus: 'received_re', errorDetails: 'BR-CO-15 violated' });
    expect(await ap1.status(sent.id)).toEqual({ state: 'failed', reason: 'BR-CO-15 violated' });
    expect(await ap1.status(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('reads every transaction status phoss-ap documents', () => {
    expect(transmissionStatusOf({ status: 'pending' })).toEqual({ state: 'sent' });
    expect(transmissionStatusOf({ status: 'sending' })).toEqual({ state: 'sent' });
    expect(transmissionStatusOf({ status: 'failed', errorDetails: 'retrying' })).toEqual({ state: 'sent' });
    expect(transmissionStatusOf({ status: 'sent', mlsStatus: 'received_ap' })).toEqual({ state: 'delivered' });
    expect(transmissionStatusOf({ status: 'rejected' })).toMatchObject({ state: 'failed' });
    expect(transmissionStatusOf({ status: 'permanently_failed', errorDetails: 'No SMP entry for the receiver' })).toEqual({ state: 'failed', reason: 'No SMP entry for the receiver' });
  });
});

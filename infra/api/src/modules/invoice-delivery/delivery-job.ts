// The delivery job (decision 048), a periodic job in every API instance (common/jobs.ts), the one
// delivery mechanism of the portal's Peppol documents: invoices and credit notes, and the shipments'
// Despatch Advices (decision 083), each read through its owner's port when it is sent. Each pass:
// 1. sends the due queued Peppol rows to the access point: a row is claimed with a lease and an
//    attempt counted in one statement (for update skip locked), as the outbox does, so two instances
//    never send the same row; a failure is retried later and later (30 s doubling up to an hour),
//    and after the last attempt, or at once when the access point refuses the document for good,
//    the row is failed with its error for staff to see and retry;
// 2. asks the access point about the sent rows until they are delivered or failed, less often as
//    they age, and fails a row the receiving side has not confirmed within a week;
// 3. follows the mail rows' outbox messages (the mail dispatcher sends them, with its own retries).
// The message id handed to the access point is the row's id, the same on every attempt: a send whose
// answer was lost (a timeout, a crash before the mark) is recognised by the access point, not repeated.
import { messageStates } from '../../common/outbox';
import type { InvoiceDocumentsPort } from '../invoices/contract';
import type { DespatchDocumentsPort } from '../shipments/contract';
import { createPeriodicJob } from '../../common/jobs';
import type { Db } from '../../db/client';
import { AccessPointError, type AccessPoint, type PeppolDocumentType } from './access-point';
import type { ClaimedDelivery, InvoiceDeliveryRepository } from './invoice-delivery.repository';

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

const BATCH = 20;
/** How long a claimed row is reserved for the instance working it (a dead instance's come back after it). */
export const CLAIM_LEASE_SECONDS = 300;
export const FIRST_RETRY_SECONDS = 30;
export const MAX_RETRY_SECONDS = 3600;
/** The first status question after a send; later ones wait half the time since the send, up to an hour. */
export const FIRST_POLL_SECONDS = 30;
/** How soon a mail row whose message is still pending in the outbox is looked at again. */
export const MAIL_LOOK_SECONDS = 10;
/** A document the receiving side has not confirmed by then is failed (staff look, and may retry). */
export const GIVE_UP_SECONDS = 7 * 86_400;

/** Seconds before the next attempt after `attempts` failed ones (30 s, 60 s, 120 s, … capped at an hour). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/** Seconds before asking again about a document sent `ageSeconds` ago. */
export function pollDelaySeconds(ageSeconds: number): number {
  return Math.round(Math.min(MAX_RETRY_SECONDS, Math.max(FIRST_POLL_SECONDS, ageSeconds / 2)));
}

export interface DeliveryPass {
  sent: number;
  retried: number;
  failed: number;
  delivered: number;
  mailSettled: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export function createDeliveryJob(deps: {
  db: Db;
  repo: InvoiceDeliveryRepository;
  /** null: no access point configured; Peppol rows wait (a warning at start). */
  accessPoint: AccessPoint | null;
  documents: InvoiceDocumentsPort;
  /** The shipments' stored Despatch Advices (decision 083). */
  despatchAdvices: DespatchDocumentsPort;
  config: { intervalMs: number; maxAttempts: number; senderCountry: string; leaseSeconds?: number };
  log: Log;
}) {
  const { db, repo, accessPoint, documents, despatchAdvices, config, log } = deps;
  const lease = config.leaseSeconds ?? CLAIM_LEASE_SECONDS;

  /** The row's document as its owner stored it: the only place the kinds differ. */
  async function documentOf(row: ClaimedDelivery): Promise<{ senderId: string; documentType: PeppolDocumentType; ubl: Buffer }> {
    if (row.document_kind === 'despatch_advice') {
      const advice = await despatchAdvices.forDelivery(db, row.document_id);
      if (!advice) throw new Error(`no Despatch Advice ${row.document_id} to send`);
      return { senderId: advice.senderParticipantId, documentType: 'DespatchAdvice', ubl: advice.ubl };
    }
    const doc = await documents.forDelivery(db, row.document_id);
    if (!doc) throw new Error(`no issued document ${row.document_id} to send`);
    return { senderId: doc.senderParticipantId, documentType: doc.kind === 'credit_note' ? 'CreditNote' : 'Invoice', ubl: doc.ubl };
  }

  /** What the logs name a row by (the alert and the staff page say which document; the log says which row). */
  const named = (row: ClaimedDelivery) => ({ deliveryId: row.id, documentKind: row.document_kind, documentId: row.document_id });

  async function send(ap: AccessPoint, row: ClaimedDelivery, pass: DeliveryPass) {
    try {
      const doc = await documentOf(row);
      const { messageId } = await ap.send({ id: row.id, receiverId: row.recipient, senderCountry: config.senderCountry, ...doc });
      await repo.markSent(row, messageId, FIRST_POLL_SECONDS);
      pass.sent++;
    } catch (err) {
      const error = messageOf(err);
      if ((err instanceof AccessPointError && err.permanent) || row.attempts >= config.maxAttempts) {
        await repo.markFailed(row, 'queued', error);
        log.error({ ...named(row), attempts: row.attempts, error }, 'peppol delivery failed');
        pass.failed++;
      } else {
        const delay = retryDelaySeconds(row.attempts);
        await repo.retryLater(row, error, delay);
        log.warn({ ...named(row), attempts: row.attempts, retryInSeconds: delay, error }, 'peppol delivery failed, will retry');
        pass.retried++;
      }
    }
  }

  async function follow(ap: AccessPoint, row: ClaimedDelivery, pass: DeliveryPass) {
    const age = row.sent_at ? (Date.now() - row.sent_at.getTime()) / 1000 : 0;
    let note: string | null = null;
    try {
      const status = await ap.status(row.message_id ?? row.id);
      if (status.state === 'delivered') {
        await repo.markDelivered(row);
        pass.delivered++;
        return;
      }
      if (status.state === 'failed') {
        await repo.markFailed(row, 'sent', status.reason);
        log.error({ ...named(row), reason: status.reason }, 'peppol delivery failed at the access point');
        pass.failed++;
        return;
      }
      if (status.state === 'unknown') note = 'the access point does not know this message (yet)';
    } catch (err) {
      note = `status not available: ${messageOf(err)}`;
    }
    if (age >= GIVE_UP_SECONDS) {
      await repo.markFailed(row, 'sent', `no delivery confirmed within ${GIVE_UP_SECONDS / 86_400} days${note ? ` (${note})` : ''}`);
      pass.failed++;
      return;
    }
    await repo.pollLater(row, pollDelaySeconds(age), note);
  }

  async function settleMail(pass: DeliveryPass) {
    const rows = await repo.queuedMail(100);
    const states = await messageStates(db, rows.map((r) => r.outboxId));
    const pending: string[] = [];
    for (const row of rows) {
      const state = states.get(row.outboxId);
      if (!state) {
        await repo.settleMail(row.id, 'failed', 'the mail is no longer in the outbox');
      } else if (state.status === 'sent') {
        await repo.settleMail(row.id, 'sent', null);
      } else if (state.status === 'failed') {
        await repo.settleMail(row.id, 'failed', state.lastError ?? 'the mail could not be delivered');
      } else {
        pending.push(row.id);
        continue;
      }
      pass.mailSettled++;
    }
    await repo.mailLater(pending, MAIL_LOOK_SECONDS);
  }

  async function runOnce(): Promise<DeliveryPass> {
    const pass: DeliveryPass = { sent: 0, retried: 0, failed: 0, delivered: 0, mailSettled: 0 };
    if (accessPoint) {
      for (;;) {
        const batch = await repo.claimToSend(BATCH, lease);
        for (const row of batch) await send(accessPoint, row, pass);
        if (batch.length < BATCH) break;
      }
      for (;;) {
        const batch = await repo.claimToPoll(BATCH, lease);
        for (const row of batch) await follow(accessPoint, row, pass);
        if (batch.length < BATCH) break;
      }
    }
    await settleMail(pass);
    return pass;
  }

  const job = createPeriodicJob({ name: 'invoice delivery', intervalMs: config.intervalMs, run: runOnce, log });
  return {
    /** One pass now (or the one in flight); tests call it directly. */
    runOnce: job.runOnce,
    start() {
      if (!accessPoint) log.warn({}, 'no Peppol access point configured (PEPPOL_ACCESS_POINT=none): e-invoices and Despatch Advices stay queued');
      job.start();
    },
    stop: job.stop,
  };
}
export type DeliveryJob = ReturnType<typeof createDeliveryJob>;

// The invoice_deliveries table (owner: invoice-delivery): the deliveries of invoices and of
// Despatch Advices (decision 083), one status model, one claim, one set of marks. The job's claims are hand-written (one
// statement each: update … where id in (… for update skip locked), as the outbox's), the rest is the
// query builder (decision 040). Who may see a delivery is common/scope's organisation rule.
import type { DeliveryDocumentKind, InvoiceDeliveryStatus } from '@portal/shared/schemas';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Caller } from '../../caller';
import { organisationScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { organisations } from './links';
import { invoiceDeliveries } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';

export type DeliveryChannel = 'peppol' | 'email';

export interface NewDelivery {
  /** Absent: an invoice (or credit note). */
  documentKind?: DeliveryDocumentKind;
  documentId: string;
  organisationId: string | null;
  channel: DeliveryChannel;
  recipient: string;
  outboxId?: number;
  /** A past delivery recorded as done (the demo's history); else queued. */
  status?: 'delivered' | 'sent';
}

const claimedShape = rowShape({
  id: invoiceDeliveries.id,
  document_kind: invoiceDeliveries.documentKind,
  document_id: invoiceDeliveries.documentId,
  recipient: invoiceDeliveries.recipient,
  attempts: invoiceDeliveries.attempts,
  message_id: invoiceDeliveries.messageId,
  sent_at: invoiceDeliveries.sentAt,
});
export type ClaimedDelivery = RowOf<typeof claimedShape>;

const T = invoiceDeliveries;

/** The issuing transaction's rows; a document queued twice keeps its first rows. */
export async function insertDeliveries(tx: Tx, rows: NewDelivery[]): Promise<void> {
  const values = rows.map((r) => (r.status ? { ...r, attempts: 1, sentAt: sql`now()`, ...(r.status === 'delivered' ? { deliveredAt: sql`now()` } : {}) } : r));
  if (values.length) await tx.insert(T).values(values).onConflictDoNothing({ target: [T.documentId, T.channel] });
}

/** The channels a document already has rows for. */
export async function channelsOf(reader: Db | Tx, documentId: string): Promise<Set<DeliveryChannel>> {
  const rows = await reader.select({ channel: T.channel }).from(T).where(eq(T.documentId, documentId));
  return new Set(rows.map((r) => r.channel));
}

/** Every channel's row of these documents (invoices or Despatch Advices: their ids are UUIDs, never shared). */
export async function deliveriesOf(reader: Db | Tx, documentIds: string[]) {
  if (!documentIds.length) return [];
  return reader
    .select({ documentId: T.documentId, channel: T.channel, status: T.status, attempts: T.attempts, lastError: T.lastError })
    .from(T)
    .where(inArray(T.documentId, documentIds))
    .orderBy(asc(T.channel));
}

export function createInvoiceDeliveryRepository(db: Db) {
  const touch = { updatedAt: sql`now()` };

  /**
   * Claims due Peppol rows in `status` for `leaseSeconds` (another instance skips them meanwhile).
   * A claim to send counts an attempt: the count is the fencing token of the marks below.
   */
  function claim(status: 'queued' | 'sent', limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const attempts = status === 'queued' ? sql`attempts + 1` : sql`attempts`;
    return db.transaction((tx) =>
      typedRows(
        tx,
        claimedShape,
        sql`
        update invoice_deliveries set attempts = ${attempts}, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        where id in (
          select id from invoice_deliveries
          where channel = 'peppol' and status = ${status} and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, document_kind, document_id, recipient, attempts, message_id, sent_at`,
      ),
    );
  }

  /** A mark on the row as claimed: still in `status` with `attempts` (no other instance took it since). */
  const ours = (row: ClaimedDelivery, status: InvoiceDeliveryStatus) => and(eq(T.id, row.id), eq(T.status, status), eq(T.attempts, row.attempts));
  const later = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

  return {
    claimToSend: (limit: number, leaseSeconds: number) => claim('queued', limit, leaseSeconds),
    claimToPoll: (limit: number, leaseSeconds: number) => claim('sent', limit, leaseSeconds),

    async markSent(row: ClaimedDelivery, messageId: string, pollInSeconds: number): Promise<void> {
      await db
        .update(T)
        .set({ status: 'sent', messageId, sentAt: sql`now()`, lastError: null, nextAttemptAt: later(pollInSeconds), ...touch })
        .where(ours(row, 'queued'));
    },
    async retryLater(row: ClaimedDelivery, error: string, inSeconds: number): Promise<void> {
      await db.update(T).set({ lastError: error, nextAttemptAt: later(inSeconds), ...touch }).where(ours(row, 'queued'));
    },
    async markFailed(row: ClaimedDelivery, from: 'queued' | 'sent', error: string): Promise<void> {
      await db.update(T).set({ status: 'failed', lastError: error, ...touch }).where(ours(row, from));
    },
    async markDelivered(row: ClaimedDelivery): Promise<void> {
      await db.update(T).set({ status: 'delivered', deliveredAt: sql`now()`, lastError: null, ...touch }).where(ours(row, 'sent'));
    },
    async pollLater(row: ClaimedDelivery, inSeconds: number, note: string | null = null): Promise<void> {
      await db.update(T).set({ nextAttemptAt: later(inSeconds), lastError: note, ...touch }).where(ours(row, 'sent'));
    },

    /** Mail rows still queued, with their outbox message (the job follows it). */
    async queuedMail(limit: number): Promise<{ id: string; outboxId: number }[]> {
      const rows = await db
        .select({ id: T.id, outboxId: T.outboxId })
        .from(T)
        .where(and(eq(T.channel, 'email'), eq(T.status, 'queued'), isNotNull(T.outboxId), lte(T.nextAttemptAt, sql`now()`)))
        .orderBy(asc(T.nextAttemptAt))
        .limit(limit);
      return rows.map((r) => ({ id: r.id, outboxId: r.outboxId! }));
    },
    /** Mail rows whose message is still pending: looked at again after the others due (no row is passed over). */
    async mailLater(ids: string[], inSeconds: number): Promise<void> {
      if (ids.length) await db.update(T).set({ nextAttemptAt: later(inSeconds) }).where(and(inArray(T.id, ids), eq(T.status, 'queued')));
    },
    async settleMail(id: string, status: 'queued' | 'sent' | 'failed', lastError: string | null): Promise<void> {
      await db
        .update(T)
        .set({ status, lastError, ...(status === 'sent' ? { sentAt: sql`now()` } : {}), ...touch })
        .where(and(eq(T.id, id), eq(T.status, 'queued')));
    },

    /** The caller's view of one document's rows, locked for a retry; none: not theirs (or no such document). */
    async lockVisible(tx: Tx, caller: Caller, kind: DeliveryDocumentKind, documentId: string) {
      return tx
        .select({ id: T.id, channel: T.channel, status: T.status, outboxId: T.outboxId })
        .from(T)
        .where(and(eq(T.documentKind, kind), eq(T.documentId, documentId), organisationScope(caller, T.organisationId)))
        .orderBy(asc(T.channel))
        .for('update');
    },
    /**
     * The deliveries given up on that the caller may see (common/scope's organisation rule), the
     * latest first, with their buyer organisation's name: the staff's page of failed deliveries.
     */
    async failedVisible(caller: Caller, limit: number) {
      return db
        .select({
          id: T.id,
          documentKind: T.documentKind,
          documentId: T.documentId,
          organisationId: T.organisationId,
          organisationName: organisations.name,
          channel: T.channel,
          recipient: T.recipient,
          attempts: T.attempts,
          lastError: T.lastError,
          failedAt: T.updatedAt,
        })
        .from(T)
        .leftJoin(organisations, eq(organisations.id, T.organisationId))
        .where(and(eq(T.status, 'failed'), organisationScope(caller, T.organisationId)))
        .orderBy(desc(T.updatedAt), asc(T.id))
        .limit(limit);
    },
    /** A failed row queued again, due now, its attempts counted afresh. */
    async requeue(tx: Tx, id: string): Promise<void> {
      await tx.update(T).set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, ...touch }).where(and(eq(T.id, id), eq(T.status, 'failed')));
    },
  };
}
export type InvoiceDeliveryRepository = ReturnType<typeof createInvoiceDeliveryRepository>;

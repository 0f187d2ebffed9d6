// A shipment's Despatch Advice (decision 070): rendered in the shipment's transaction for a buyer
// organisation with a Peppol participant id and stored with its receiver, then sent by a periodic job
// through the access point the invoices use (the PeppolSendPort of invoice-delivery). The job claims
// its rows as the invoice delivery job does: one statement takes the due rows for a lease and counts
// the attempt (for update skip locked), so two instances never send the same advice, and the count
// fences the mark that follows. The row's id is the message id: a send whose answer was lost is
// recognised by the access point, not delivered twice. A failure is retried later and later (30 s
// doubling up to an hour) until the last attempt, or at once failed when the access point refuses
// the document for good; the row keeps its last error.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { createPeriodicJob, type PeriodicJob } from '../../../common/jobs';
import type { Db, Tx } from '../../../db/client';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import type { PeppolSendPort } from '../../invoice-delivery/contract';
import { despatchAdvices } from '../tables';
import { renderDespatchAdvice, type DespatchAddress } from './despatch-advice';
import { despatchAddress, shipmentDocumentFacts } from './despatch-facts';

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** The seller as the Despatch Advice names it (the environment's SELLER_*). */
export interface DespatchSeller {
  name: string;
  /** `scheme:id`. */
  peppolParticipantId: string;
  address: DespatchAddress;
}

/**
 * Renders and stores the shipment's Despatch Advice when its buyer has a Peppol id; answers the row's
 * id, or null (no Peppol id: nothing to send). Idempotent per shipment.
 */
export async function queueDespatchAdvice(tx: Tx, shipmentId: string, seller: DespatchSeller): Promise<string | null> {
  const facts = await shipmentDocumentFacts(tx, { id: shipmentId });
  if (!facts?.peppolParticipantId) return null;
  const ubl = renderDespatchAdvice({
    id: facts.externalId,
    issueDate: facts.shippedOn,
    orderReference: facts.externalReference ?? facts.orderNumber,
    salesOrderNumber: facts.orderNumber,
    seller: { endpoint: seller.peppolParticipantId, name: seller.name, address: seller.address },
    buyer: { endpoint: facts.peppolParticipantId, name: facts.organisationName ?? facts.invoiceAddress.label, address: despatchAddress(facts.invoiceAddress) },
    deliveryAddress: despatchAddress(facts.deliveryAddress),
    carrier: facts.carrier,
    trackingReference: facts.trackingReference,
    shippedOn: facts.shippedOn,
    expectedDeliveryOn: facts.expectedDeliveryOn,
    lines: facts.lines,
  });
  const [row] = await tx
    .insert(despatchAdvices)
    .values({ shipmentId, organisationId: facts.organisationId, receiver: facts.peppolParticipantId, ubl })
    .onConflictDoNothing({ target: despatchAdvices.shipmentId })
    .returning({ id: despatchAdvices.id });
  return row?.id ?? null;
}

export const FIRST_RETRY_SECONDS = 30;
export const MAX_RETRY_SECONDS = 3600;
/** Seconds before the next attempt after `attempts` failed ones (30 s, 60 s, … capped at an hour). */
export const retryDelaySeconds = (attempts: number) => Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));

const claimed = rowShape({ id: v.string(), receiver: v.string(), ubl: v.string(), attempts: v.number() });
type Claimed = RowOf<typeof claimed>;

export interface DespatchPass {
  sent: number;
  retried: number;
  failed: number;
}

export type DespatchAdviceJob = PeriodicJob<DespatchPass>;

export function createDespatchAdviceJob(deps: {
  db: Db;
  /** null: no access point; the advices stay queued. */
  accessPoint: PeppolSendPort | null;
  seller: { peppolParticipantId: string; country: string };
  config: { intervalMs: number; maxAttempts: number; leaseSeconds?: number };
  log: Log;
}): DespatchAdviceJob {
  const { db, accessPoint, seller, config, log } = deps;
  const lease = config.leaseSeconds ?? 300;
  const ours = (row: Claimed) => and(eq(despatchAdvices.id, row.id), eq(despatchAdvices.status, 'queued'), eq(despatchAdvices.attempts, row.attempts));

  const claim = () =>
    db.transaction((tx) =>
      typedRows(
        tx,
        claimed,
        sql`update despatch_advices set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${lease})
            where id in (select id from despatch_advices where status = 'queued' and next_attempt_at <= now()
                         order by next_attempt_at, id limit 20 for update skip locked)
            returning id::text as id, receiver, ubl, attempts`,
      ),
    );

  async function send(ap: PeppolSendPort, row: Claimed, pass: DespatchPass) {
    try {
      const { messageId } = await ap.send({ id: row.id, senderId: seller.peppolParticipantId, receiverId: row.receiver, documentType: 'DespatchAdvice', senderCountry: seller.country, ubl: Buffer.from(row.ubl) });
      await db.update(despatchAdvices).set({ status: 'sent', messageId, sentAt: sql`now()`, lastError: null }).where(ours(row));
      pass.sent++;
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const permanent = typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
      if (permanent || row.attempts >= config.maxAttempts) {
        await db.update(despatchAdvices).set({ status: 'failed', lastError: error }).where(ours(row));
        log.error({ despatchAdviceId: row.id, attempts: row.attempts, error }, 'despatch advice failed');
        pass.failed++;
      } else {
        const delay = retryDelaySeconds(row.attempts);
        await db.update(despatchAdvices).set({ lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }).where(ours(row));
        log.warn({ despatchAdviceId: row.id, attempts: row.attempts, retryInSeconds: delay, error }, 'despatch advice failed, will retry');
        pass.retried++;
      }
    }
  }

  return createPeriodicJob({
    name: 'despatch advices',
    intervalMs: config.intervalMs,
    log,
    run: async () => {
      const pass: DespatchPass = { sent: 0, retried: 0, failed: 0 };
      if (!accessPoint) return pass;
      for (;;) {
        const batch = await claim();
        for (const row of batch) await send(accessPoint, row, pass);
        if (batch.length < 20) break;
      }
      return pass;
    },
  });
}

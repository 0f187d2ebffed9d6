// The staff's side of delivery (issue 30, decision 083): the deliveries given up on, e-invoices and
// Despatch Advices on one page; retry an invoice's or a Despatch Advice's failed delivery; and the
// mail's attachments (the PDF and the UBL, read from the invoices' stored documents when the mail goes out).
import {
  DESPATCH_DELIVERY_ERRORS,
  INVOICE_DELIVERY_ERRORS,
  INVOICE_ERRORS,
  type FailedDeliveries,
  type InvoiceDeliveryState,
} from '@portal/shared/schemas';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { requireSignedIn, type Caller } from '../../caller';
import { attachmentName } from '../../common/invoice-mail';
import { requeueFailed, type OutboxAttachmentRef } from '../../common/outbox';
import type { InvoiceDocumentsPort } from '../invoices/contract';
import type { DespatchDocumentsPort } from '../shipments/contract';
import { organisationScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import { AppError } from '../../errors';
import { summarize } from './delivery-status';
import { addMissingChannels } from './invoice-delivery.port';
import { deliveriesOf, type InvoiceDeliveryRepository } from './invoice-delivery.repository';

const notFound = () => new AppError(404, INVOICE_ERRORS.NOT_FOUND, 'No such invoice');
/** How many failed deliveries the staff's page lists (the alert counts them all; more than this is an incident). */
export const FAILED_LIST_LIMIT = 200;

/** Staff only: a customer sees a status and asks them (decision 048). */
function requireStaff(caller: Caller): asserts caller is Extract<Caller, { kind: 'staff' }> {
  requireSignedIn(caller);
  if (caller.kind !== 'staff') throw new AppError(403, INVOICE_DELIVERY_ERRORS.STAFF_ONLY, "Only the organisation's staff see and retry deliveries");
}

/** Whether the caller may see an organisation's rows (common/scope's rule, asked of one id). */
async function maySee(tx: Tx, caller: Caller, organisationId: string | null): Promise<boolean> {
  if (!organisationId) return false;
  const [row] = await typedRows(tx, { ok: v.boolean() }, sql`select coalesce((${organisationScope(caller, sql`${organisationId}::uuid`)}), false) as ok`);
  return row?.ok ?? false;
}

export function createInvoiceDeliveryService(deps: { db: Db; repo: InvoiceDeliveryRepository; documents: InvoiceDocumentsPort; despatchAdvices: DespatchDocumentsPort }) {
  const { db, repo, documents, despatchAdvices } = deps;

  async function state(reader: Db | Tx, invoiceId: string): Promise<InvoiceDeliveryState> {
    const rows = await deliveriesOf(reader, [invoiceId]);
    return {
      status: summarize(rows).status,
      channels: rows.map((r) => ({ channel: r.channel, status: r.status, attempts: r.attempts, last_error: r.lastError })),
    };
  }

  return {
    /**
     * Staff of the invoice's organisation queue its failed channels again (attempts counted afresh)
     * and add a channel the organisation gained since (a Peppol id or a billing email entered after
     * the issue). A customer is refused (403); another organisation's invoice is not found (404).
     */
    async retry(caller: Caller, invoiceId: string): Promise<InvoiceDeliveryState> {
      requireStaff(caller);
      return db.transaction(async (tx) => {
        const rows = await repo.lockVisible(tx, caller, 'invoice', invoiceId);
        const doc = await documents.forDelivery(tx, invoiceId);
        if (!rows.length && !(doc && (await maySee(tx, caller, doc.organisationId)))) throw notFound();
        let changed = 0;
        for (const row of rows.filter((r) => r.status === 'failed')) {
          if (row.channel === 'email' && row.outboxId !== null) await requeueFailed(tx, row.outboxId);
          await repo.requeue(tx, row.id);
          changed++;
        }
        if (doc) changed += await addMissingChannels(tx, doc);
        if (!changed) throw new AppError(409, INVOICE_DELIVERY_ERRORS.NOT_FAILED, 'Nothing of this delivery has failed');
        return state(tx, invoiceId);
      });
    },

    /**
     * Staff of the shipment's organisation send its failed Despatch Advice again (attempts counted
     * afresh), as an invoice's retry does; another organisation's is not found (404).
     */
    async retryDespatchAdvice(caller: Caller, despatchAdviceId: string): Promise<InvoiceDeliveryState> {
      requireStaff(caller);
      return db.transaction(async (tx) => {
        const rows = await repo.lockVisible(tx, caller, 'despatch_advice', despatchAdviceId);
        if (!rows.length) throw new AppError(404, DESPATCH_DELIVERY_ERRORS.NOT_FOUND, 'No such Despatch Advice');
        const failed = rows.filter((r) => r.status === 'failed');
        if (!failed.length) throw new AppError(409, INVOICE_DELIVERY_ERRORS.NOT_FAILED, 'Nothing of this delivery has failed');
        for (const row of failed) await repo.requeue(tx, row.id);
        return state(tx, despatchAdviceId);
      });
    },

    /** The deliveries given up on among the staff's organisations, e-invoices and Despatch Advices, named as the staff know them. */
    async failed(caller: Caller): Promise<FailedDeliveries> {
      requireStaff(caller);
      const rows = await repo.failedVisible(caller, FAILED_LIST_LIMIT);
      const despatchIds = rows.filter((r) => r.documentKind === 'despatch_advice').map((r) => r.documentId);
      const shipments = await despatchAdvices.references(db, despatchIds);
      const numbers = await documents.numbers(db, [...new Set(rows.filter((r) => r.documentKind === 'invoice').map((r) => r.documentId))]);
      return {
        items: rows.map((r) => {
          const shipment = r.documentKind === 'despatch_advice' ? shipments.get(r.documentId) : undefined;
          return {
            id: r.id,
            document_kind: r.documentKind,
            document_id: r.documentId,
            reference: shipment?.shipmentReference ?? numbers.get(r.documentId) ?? r.documentId,
            order_id: shipment?.orderId ?? null,
            order_number: shipment?.orderNumber ?? null,
            organisation_id: r.organisationId,
            organisation_name: r.organisationName,
            channel: r.channel,
            recipient: r.recipient,
            attempts: r.attempts,
            last_error: r.lastError,
            failed_at: r.failedAt.toISOString(),
          };
        }),
      };
    },

    /** The mail dispatcher's attachments of kind invoice_pdf and invoice_ubl. */
    async mailAttachment(ref: OutboxAttachmentRef): Promise<{ filename: string; contentType: string; content: Buffer }> {
      if (ref.kind !== 'invoice_pdf' && ref.kind !== 'invoice_ubl') throw new Error(`The invoice documents resolve no ${ref.kind} attachment`);
      const doc = await documents.forDelivery(db, ref.invoiceId);
      if (!doc) throw new Error(`No issued document ${ref.invoiceId} for the attachment`);
      return ref.kind === 'invoice_pdf'
        ? { filename: attachmentName(doc, 'pdf'), contentType: 'application/pdf', content: doc.pdf }
        : { filename: attachmentName(doc, 'xml'), contentType: 'application/xml', content: doc.ubl };
    },
  };
}
export type InvoiceDeliveryService = ReturnType<typeof createInvoiceDeliveryService>;

// The invoice pages' answers and the staff's two actions (payment received, credit note). Who sees
// which invoice is the repository's scope; who may act is decided here: staff only, and a buyer who
// can see the invoice gets 403 (one who cannot, 404 as for any id that is not theirs).
import {
  API_ERRORS,
  INVOICE_ERRORS,
  INVOICE_LIST_PAGE_SIZE,
  type InvoiceCreditNoteInput,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoicePaymentInput,
  type InvoiceSummary,
} from '@portal/shared/schemas';
import { requireSignedIn, SYSTEM_CALLER, type Caller, type IntegrationCaller } from '../../caller';
import type { InvoiceDeliveryPort } from '../invoice-delivery/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { InvoicesRepository } from './invoices.repository';
import type { Invoicing } from './invoicing';

type Row = Awaited<ReturnType<InvoicesRepository['list']>>['items'][number];
type Delivery = { status: 'queued' | 'sent' | 'delivered' | 'failed'; lastError: string | null; problem?: 'no_recipient' };

const notFound = () => new AppError(404, INVOICE_ERRORS.NOT_FOUND, 'No such invoice');
const today = () => new Date().toISOString().slice(0, 10);

/** What is left to pay: nothing on a credit note or a paid or credited invoice; else the total less prepaid and credited. */
function amountDue(row: Row): number {
  if (row.kind === 'credit_note' || row.status === 'paid' || row.status === 'credited') return 0;
  return Math.max(0, row.totalInclVatCents - row.prepaidCents - row.creditedCents);
}

function summary(row: Row, delivery: Delivery | undefined): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    status: row.status,
    // Until the delivery module is wired (or before it saw the document) a document is queued.
    delivery_status: delivery?.status ?? 'queued',
    order: { id: row.orderId, number: row.orderNumber, external_order_number: row.externalOrderNumber },
    organisation_name: row.organisationName,
    total_excl_vat: row.totalExclVatCents,
    vat: row.vatCents,
    total_incl_vat: row.totalInclVatCents,
    amount_due: amountDue(row),
    currency: row.currency,
  };
}

export interface InvoicesServiceDeps {
  db: Db;
  repo: InvoicesRepository;
  invoicing: Pick<Invoicing, 'creditInvoice'>;
  delivery?: Pick<InvoiceDeliveryPort, 'statuses'>;
  /** The integration clients' audit record (handed over by the composition root). */
  audit?: (tx: Tx, caller: IntegrationCaller, action: string, entityType: string, entityId: string, data?: Record<string, unknown>) => Promise<void>;
}

export function createInvoicesService(deps: InvoicesServiceDeps) {
  const { db, repo, invoicing, delivery, audit } = deps;
  const statuses = async (ids: string[]) => (delivery && ids.length ? delivery.statuses(db, ids) : new Map<string, Delivery>());

  /** Staff act; a buyer who can see the invoice is refused (403), anyone else finds nothing (404). */
  async function requireStaffOn(caller: Caller, id: string) {
    requireSignedIn(caller);
    const row = await repo.find(caller, id);
    if (!row) throw notFound();
    if (caller.kind !== 'staff') throw new AppError(403, INVOICE_ERRORS.STAFF_ONLY, 'Only staff record payments and credit notes');
    return row;
  }

  /** An invoice's page: lines, VAT breakdown, payment reference, credit notes (staff also see the delivery's last error). */
  async function detailOf(caller: Caller, id: string): Promise<InvoiceDetail> {
    const row = await repo.find(caller, id);
    if (!row) throw notFound();
    const { credits, creditNotes } = await repo.related(row.id, row.creditsInvoiceId);
    const delivered = (await statuses([row.id])).get(row.id);
    const doc = row.document;
    const sum = (charge: boolean) => doc.allowanceCharges.filter((a) => a.charge === charge).reduce((s, a) => s + a.amountCents, 0);
    return {
      ...summary(row, delivered),
      credits,
      credit_notes: creditNotes,
      payment_reference: row.kind === 'invoice' ? doc.paymentMeans.structuredCommunication : null,
      iban: row.kind === 'invoice' ? doc.paymentMeans.iban : null,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      lines: doc.lines.map((l) => ({
        article_code: l.articleCode,
        description: l.description,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        line_total_excl_vat: l.lineTotalCents,
        vat_category: l.vatCategory,
        vat_rate_percent: l.vatRatePercent,
      })),
      vat_breakdown: doc.vatBreakdown.map((r) => ({ category: r.category, rate_percent: r.ratePercent, taxable: r.taxableCents, vat: r.taxCents, exemption_reason: r.exemptionReason })),
      discount_excl_vat: sum(false),
      shipping_excl_vat: sum(true),
      delivery_error: caller.kind === 'staff' ? (delivered?.lastError ?? null) : null,
      delivery_problem: caller.kind === 'staff' ? (delivered?.problem ?? null) : null,
    };
  }

  return {
    async list(caller: Caller, q: InvoiceListQuery): Promise<InvoiceList> {
      requireSignedIn(caller);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? INVOICE_LIST_PAGE_SIZE;
      const { items, total } = await repo.list(caller, q, page, pageSize);
      const delivered = await statuses(items.map((i) => i.id));
      return { items: items.map((i) => summary(i, delivered.get(i.id))), total, page, page_size: pageSize };
    },

    async detail(caller: Caller, id: string): Promise<InvoiceDetail> {
      requireSignedIn(caller);
      return detailOf(caller, id);
    },

    /** The stored PDF or UBL bytes and the file name (the document's number). */
    async file(caller: Caller, id: string, which: 'pdf' | 'ubl') {
      requireSignedIn(caller);
      const row = await repo.file(caller, id, which);
      if (!row) throw notFound();
      const prefix = row.kind === 'credit_note' ? 'credit-note' : 'invoice';
      return { fileName: `${prefix}-${row.number}.${which === 'pdf' ? 'pdf' : 'xml'}`, bytes: row.bytes };
    },

    /** Staff: payment received (today when no day is given; never a day to come). */
    async pay(caller: Caller, id: string, input: InvoicePaymentInput): Promise<InvoiceDetail> {
      await requireStaffOn(caller, id);
      const day = input.paid_on ?? today();
      if (day > today()) throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'A payment cannot be received in the future', [{ path: 'paid_on', message: 'validation.tooBig.date' }]);
      if (!(await repo.markPaid(caller, id, new Date(`${day}T12:00:00Z`)))) {
        throw new AppError(409, INVOICE_ERRORS.NOT_PAYABLE, 'Only an open or overdue invoice can be marked paid');
      }
      return this.detail(caller, id);
    },

    /**
     * The supplier's accounting system (integration scope `payments:write`): payment received for the
     * invoice with this number. A replay of a payment already recorded answers the paid invoice and
     * changes nothing, so a retry after a timeout is safe; a credit note or a credited invoice is 409.
     */
    async payByClient(caller: IntegrationCaller, number: string, input: InvoicePaymentInput): Promise<InvoiceDetail> {
      const id = await repo.idByNumber(number);
      if (!id) throw notFound();
      const day = input.paid_on ?? today();
      if (day > today()) throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'A payment cannot be received in the future', [{ path: 'paid_on', message: 'validation.tooBig.date' }]);
      const paid = await db.transaction(async (tx) => {
        if (!(await repo.markPaid(SYSTEM_CALLER, id, new Date(`${day}T12:00:00Z`), tx))) return false;
        await audit?.(tx, caller, 'invoice.payment_received', 'invoice', id, { number, paid_on: day });
        return true;
      });
      const detail = await detailOf(SYSTEM_CALLER, id);
      if (!paid && detail.status !== 'paid') throw new AppError(409, INVOICE_ERRORS.NOT_PAYABLE, 'Only an open or overdue invoice can be marked paid');
      return detail;
    },

    /** Staff: a credit note against the invoice for cancelled or returned quantities. */
    async credit(caller: Caller, id: string, input: InvoiceCreditNoteInput): Promise<{ id: string; number: string }> {
      const row = await requireStaffOn(caller, id);
      if (row.kind !== 'invoice') throw new AppError(409, INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE, 'A credit note cannot be credited');
      const creditId = await db.transaction((tx) =>
        invoicing.creditInvoice(
          tx,
          id,
          input.lines.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity })),
          input.reason,
          today(),
        ),
      );
      const created = await repo.find(caller, creditId);
      return { id: creditId, number: created!.number };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

// The invoices as the API reads them, always within the caller's scope (common/scope), and the two
// writes after issue: a payment received (open or overdue → paid) and the overdue marker. Reads
// the order's number and the organisation's name to show with each document (decision 039: listed
// reads in architecture/table-ownership.test.ts).
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListQuery, InvoiceStatus } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { invoiceScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { invoices } from './tables';
import { orders, organisations } from './links';

const scoped = (caller: Caller) => invoiceScope(caller, { organisation: invoices.organisationId, order: invoices.orderId });

const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  status: invoices.status,
  orderId: invoices.orderId,
  orderNumber: orders.number,
  externalOrderNumber: orders.externalReference,
  organisationName: organisations.name,
  totalExclVatCents: invoices.totalExclVatCents,
  vatCents: invoices.vatCents,
  totalInclVatCents: invoices.totalInclVatCents,
  prepaidCents: invoices.prepaidCents,
  currency: invoices.currency,
  /** Incl. VAT, of the credit notes against this invoice. */
  creditedCents: sql<number>`coalesce((select sum(c.total_incl_vat_cents) from invoices c where c.credits_invoice_id = ${invoices.id}), 0)::int`.mapWith(Number),
};

export function createInvoicesRepository(db: Db) {
  const base = () => db.select(summaryColumns).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).leftJoin(organisations, eq(organisations.id, invoices.organisationId));

  return {
    /** One page, newest first, and the count of all that match. */
    async list(caller: Caller, q: InvoiceListQuery, page: number, pageSize: number) {
      const filters: (SQL | undefined)[] = [
        scoped(caller),
        q.status ? eq(invoices.status, q.status) : undefined,
        q.from ? gte(invoices.issueDate, q.from) : undefined,
        q.to ? lte(invoices.issueDate, q.to) : undefined,
        q.order ? eq(invoices.orderId, q.order) : undefined,
        q.organisation ? eq(invoices.organisationId, q.organisation) : undefined,
      ];
      const where = and(...filters);
      const items = await base()
        .where(where)
        .orderBy(desc(invoices.issueDate), desc(invoices.number))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(invoices).where(where);
      return { items, total: total?.n ?? 0 };
    },

    async find(caller: Caller, id: string) {
      const [row] = await db
        .select({ ...summaryColumns, document: invoices.document, paidAt: invoices.paidAt, creditsInvoiceId: invoices.creditsInvoiceId })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .leftJoin(organisations, eq(organisations.id, invoices.organisationId))
        .where(and(eq(invoices.id, id), scoped(caller)));
      return row ?? null;
    },

    /** The number of a credit note's invoice, and the credit notes against an invoice. */
    async related(id: string, creditsInvoiceId: string | null) {
      const credits = creditsInvoiceId ? ((await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, creditsInvoiceId)))[0] ?? null) : null;
      const creditNotes = await db
        .select({ id: invoices.id, number: invoices.number, total_incl_vat: invoices.totalInclVatCents })
        .from(invoices)
        .where(eq(invoices.creditsInvoiceId, id))
        .orderBy(invoices.number);
      return { credits, creditNotes };
    },

    /** The stored bytes of one rendered document, within the caller's scope. */
    async file(caller: Caller, id: string, which: 'pdf' | 'ubl') {
      const [row] = await db
        .select({ number: invoices.number, kind: invoices.kind, bytes: which === 'pdf' ? invoices.pdf : invoices.ubl })
        .from(invoices)
        .where(and(eq(invoices.id, id), scoped(caller)));
      return row ?? null;
    },

    /** Payment received: only an open or overdue invoice (never a credit note); false otherwise. */
    async markPaid(caller: Caller, id: string, paidAt: Date, tx: Db | Tx = db): Promise<boolean> {
      const done = await tx
        .update(invoices)
        .set({ status: 'paid', paidAt })
        .where(and(eq(invoices.id, id), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['open', 'overdue']), scoped(caller)))
        .returning({ id: invoices.id });
      return done.length > 0;
    },

    /** The overdue job: every open invoice whose due date is before `today` (one statement). */
    async markOverdue(today: string): Promise<number> {
      const done = await db
        .update(invoices)
        .set({ status: 'overdue' satisfies InvoiceStatus })
        .where(and(eq(invoices.status, 'open'), sql`${invoices.dueDate} < ${today}::date`))
        .returning({ id: invoices.id });
      return done.length;
    },

    /** The id of the document with this number (the integration API names invoices by number). */
    async idByNumber(number: string): Promise<string | null> {
      const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number));
      return row?.id ?? null;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

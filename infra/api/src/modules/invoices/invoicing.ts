// Issuing (decision 047): InvoicingPort for the modules whose steps cause a document (the status
// move to in_shipping, the online payment, a cancellation or return), and the staff's credit note.
// Everything happens in the caller's transaction: the facts are read with the order locked, the
// number is taken from the year's gapless series, the document is computed and rendered once, and
// the row, its lines and the delivery's queue entry are written; a rollback undoes all of it,
// the number included.
import { INVOICE_ERRORS } from '@portal/shared/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BudgetPort } from '../budgets/contract';
import type { InvoiceDeliveryPort } from '../invoice-delivery/contract';
import type { InvoicingPort, ShippedLine, ShippedLot } from './contract';
import type { Tx } from '../../db/client';
import { invoiceLines, invoices } from './tables';
import { AppError } from '../../errors';
import { vatGroupKey } from '../../common/vat/price';
import { SHIPPING_VAT_RATE_BP } from '../../common/vat/vat-category';
import { readCarried, readInvoiced, readLineFacts, readOrderFacts, postalAddress, type LineFacts, type OrderFacts } from './invoice-facts';
import type { InvoiceInput, InvoiceInputLine, SellerFacts } from './invoice-input';
import { takeInvoiceNumber } from './invoice-number';
import type { InvoiceRenderer } from './invoice-renderer';

export interface InvoicingDeps {
  renderer: InvoiceRenderer;
  seller: SellerFacts;
  /** The delivery module's queue (another module; absent until it is wired, then nothing is queued). */
  delivery?: Pick<InvoiceDeliveryPort, 'enqueue'>;
  /**
   * The cost centre the order was charged to (the budgets module's port, decision 054; app.ts hands
   * it over): the buyer's accounting reference on every invoice and credit note of the order.
   */
  costCentreOf: BudgetPort['ofOrder'];
}

interface Issue {
  order: OrderFacts;
  kind: 'invoice' | 'credit_note';
  lines: { line: LineFacts; quantity: number }[];
  issueDate: string;
  dueDate: string | null;
  shipmentId: string | null;
  deliveryDate: string | null;
  discountCents: number;
  shippingCents: number;
  /** Paid at placement: the document states its whole amount as prepaid and is issued paid. */
  paidAt: Date | null;
  credits: { id: string; number: string; issueDate: string } | null;
  reason: string | null;
  /** The last invoice of an order invoiced in parts: the whole order's lines, whose VAT it completes. */
  completes?: { line: LineFacts; quantity: number }[] | undefined;
  /** What the shipment shipped under which lot (decision 070); absent: no lots known. */
  lots?: ShippedLot[] | undefined;
}

/** A line's lots as the invoice states them: those that name something (a lot, an expiry date or serials). */
function instancesOf(lots: ShippedLot[] | undefined, orderLineId: string): { instances?: InvoiceInputLine['instances'] } {
  const instances = (lots ?? [])
    .filter((l) => l.orderLineId === orderLineId && (l.lot || l.expiryOn || l.serialNumbers.length))
    .map((l) => ({ lot: l.lot, expiryOn: l.expiryOn, serialNumbers: l.serialNumbers }));
  return instances.length ? { instances } : {};
}

const rateBpOf = (percent: string) => Math.round(Number(percent) * 100);

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A line's part of its order-line total for `quantity` units (cents; the whole line's when all of it). */
const partOf = (line: LineFacts, quantity: number) => (quantity === line.quantity ? line.lineTotalCents : Math.round((line.lineTotalCents * quantity) / line.quantity));

/** The order line's unit price as the invoice states it: the cents as a decimal string. */
const unitPrice = (cents: number) => (cents / 100).toFixed(2);

export class CreditExceedsInvoice extends AppError {
  constructor(errors: { path: string; message: string; values?: Record<string, number> }[]) {
    super(422, INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE, 'The credit note names more than the invoice still holds', errors);
  }
}

export function createInvoicing(deps: InvoicingDeps) {
  const { renderer, seller, delivery, costCentreOf } = deps;

  function inputOf(issue: Issue, number: string, prepaidCents: number, costCentre: InvoiceInput['order']['costCentre']): InvoiceInput {
    const { order } = issue;
    return {
      kind: issue.kind,
      number,
      issueDate: issue.issueDate,
      dueDate: issue.dueDate,
      language: order.language,
      seller,
      buyer: order.buyer,
      order: {
        number: order.number,
        externalReference: order.externalReference,
        costCentre,
        deliveryAddress: postalAddress(order.deliveryAddress),
        deliveryDate: issue.deliveryDate,
        vatRegime: order.vatRegime,
      },
      lines: issue.lines.map(
        ({ line, quantity }): InvoiceInputLine => ({
          orderLineId: line.orderLineId,
          articleCode: line.articleCode,
          description: line.description,
          gtin: line.gtin,
          quantity,
          unit: line.unit,
          unitPrice: unitPrice(line.unitPriceCents),
          vatRateBp: line.vatRateBp,
          productVatCategory: line.productVatCategory,
          ...instancesOf(issue.lots, line.orderLineId),
        }),
      ),
      discount: issue.discountCents > 0 ? { code: order.discountCode ?? '', amountCents: issue.discountCents } : null,
      // Shipping carries the standard rate, as the checkout priced it (common/vat's SHIPPING_VAT_RATE_BP).
      shipping: issue.shippingCents > 0 ? { amountCents: issue.shippingCents, vatRateBp: SHIPPING_VAT_RATE_BP } : null,
      prepaidCents,
      precedingInvoice: issue.credits ? { number: issue.credits.number, issueDate: issue.credits.issueDate } : null,
    };
  }

  /**
   * The last invoice of an order shipped in parts takes what is left of the order's VAT per group
   * (decision 058): the order's VAT, as the checkout showed it, less what the earlier invoices
   * charged. Each part rounded on its own could add up to a cent more or less than the order. A group
   * whose rest is further than a cent from this invoice's own rounding (prices or credits that do
   * not add up to the order) keeps its own rounding.
   */
  async function remainingVat(tx: Tx, issue: Issue, number: string, costCentre: InvoiceInput['order']['costCentre']): Promise<Map<string, number>> {
    const whole = renderer.compute(inputOf({ ...issue, lines: issue.completes!, discountCents: issue.order.discountCents, shippingCents: issue.order.shippingCents, paidAt: null }, number, 0, costCentre));
    const own = renderer.compute(inputOf(issue, number, 0, costCentre));
    const earlier = await tx.select({ document: invoices.document }).from(invoices).where(and(eq(invoices.orderId, issue.order.id), eq(invoices.kind, 'invoice')));
    const charged = new Map<string, number>();
    for (const { document } of earlier) {
      for (const row of document.vatBreakdown) {
        const key = vatGroupKey(row.category, rateBpOf(row.ratePercent));
        charged.set(key, (charged.get(key) ?? 0) + row.taxCents);
      }
    }
    const taxOf = new Map<string, number>();
    for (const row of own.vatBreakdown) {
      const key = vatGroupKey(row.category, rateBpOf(row.ratePercent));
      const orderRow = whole.vatBreakdown.find((w) => w.category === row.category && w.ratePercent === row.ratePercent);
      if (!orderRow) continue;
      const rest = orderRow.taxCents - (charged.get(key) ?? 0);
      if (rest >= 0 && Math.abs(rest - row.taxCents) <= 1) taxOf.set(key, rest);
    }
    return taxOf;
  }

  /** Numbers, computes, renders and stores one document; queues its delivery. */
  async function issue(tx: Tx, issue: Issue): Promise<string> {
    const number = await takeInvoiceNumber(tx, Number(issue.issueDate.slice(0, 4)));
    // The order's snapshot (code and name as charged), so a renamed cost centre does not change it.
    const costCentre = await costCentreOf(tx, issue.order.id);
    const taxOf = issue.completes ? await remainingVat(tx, issue, number, costCentre) : undefined;
    let doc = renderer.compute({ ...inputOf(issue, number, 0, costCentre), taxOf });
    // Paid at placement: what was paid is the document's own total, as computed (never a sum that
    // rounds differently), so the amount due is exactly 0.
    if (issue.paidAt) doc = renderer.compute({ ...inputOf(issue, number, doc.totals.taxInclusiveCents, costCentre), taxOf });
    const ubl = Buffer.from(renderer.ubl(doc), 'utf8');
    const pdf = await renderer.pdf(doc);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: issue.kind,
        number,
        year: Number(number.slice(0, 4)),
        organisationId: issue.order.organisationId,
        orderId: issue.order.id,
        shipmentId: issue.shipmentId,
        creditsInvoiceId: issue.credits?.id ?? null,
        issueDate: issue.issueDate,
        dueDate: issue.dueDate,
        status: issue.kind === 'credit_note' ? 'credited' : issue.paidAt ? 'paid' : 'open',
        paidAt: issue.paidAt,
        totalExclVatCents: doc.totals.taxExclusiveCents,
        vatCents: doc.totals.taxCents,
        totalInclVatCents: doc.totals.taxInclusiveCents,
        prepaidCents: doc.totals.prepaidCents,
        discountCents: issue.discountCents,
        shippingCents: issue.shippingCents,
        currency: issue.order.currency,
        language: doc.language,
        paymentReference: doc.paymentMeans.structuredCommunication,
        reason: issue.reason,
        document: doc,
        pdf,
        ubl,
      })
      .returning({ id: invoices.id });
    const id = row!.id;
    await tx.insert(invoiceLines).values(issue.lines.map(({ line, quantity }) => ({ invoiceId: id, orderLineId: line.orderLineId, quantity })));
    await delivery?.enqueue(tx, id);
    return id;
  }

  /**
   * An invoice for `wanted` quantities of the order (capped at what is not yet invoiced), with the
   * order's discount spread in proportion and the shipping on its first invoice; null: nothing left.
   */
  async function invoiceOrder(
    tx: Tx,
    orderId: string,
    wanted: ShippedLine[] | 'rest',
    extra: { shipmentId: string | null; issueDate: string; deliveryDate: string | null; paidAt: Date | null; lots?: ShippedLot[] },
  ): Promise<string | null> {
    const order = await readOrderFacts(tx, orderId);
    if (!order) return null;
    const lines = await readLineFacts(tx, orderId);
    const invoiced = await readInvoiced(tx, orderId);
    const left = new Map(lines.map((l) => [l.orderLineId, l.quantity - (invoiced.get(l.orderLineId)?.invoiced ?? 0)]));
    const asked = new Map<string, number>();
    if (wanted === 'rest') for (const [id, n] of left) asked.set(id, n);
    else for (const s of wanted) asked.set(s.orderLineId, (asked.get(s.orderLineId) ?? 0) + s.quantity);
    const chosen = lines.flatMap((line) => {
      const quantity = Math.min(asked.get(line.orderLineId) ?? 0, left.get(line.orderLineId) ?? 0);
      return quantity > 0 ? [{ line, quantity }] : [];
    });
    if (!chosen.length) return null;
    const carried = await readCarried(tx, orderId);
    const completes = lines.every((l) => (left.get(l.orderLineId) ?? 0) === (chosen.find((c) => c.line.orderLineId === l.orderLineId)?.quantity ?? 0));
    const discountLeft = order.discountCents - carried.discountCents;
    const share = order.subtotalCents > 0 ? Math.round((order.discountCents * chosen.reduce((sum, c) => sum + partOf(c.line, c.quantity), 0)) / order.subtotalCents) : 0;
    return issue(tx, {
      order,
      kind: 'invoice',
      lines: chosen,
      issueDate: extra.issueDate,
      dueDate: extra.paidAt ? null : addDays(extra.issueDate, order.paymentTermDays),
      shipmentId: extra.shipmentId,
      deliveryDate: extra.deliveryDate,
      // The last invoice takes what is left, so the order's discount is invoiced exactly once, and
      // (after earlier parts) the rest of the order's VAT per group.
      discountCents: Math.max(0, completes ? discountLeft : Math.min(share, discountLeft)),
      completes: completes && invoiced.size > 0 ? lines.map((line) => ({ line, quantity: line.quantity })) : undefined,
      shippingCents: carried.shippingCents === 0 ? order.shippingCents : 0,
      paidAt: extra.paidAt,
      credits: null,
      reason: null,
      lots: extra.lots,
    });
  }

  /** Per line of the invoice: invoiced on it, and already credited against it. */
  async function creditable(tx: Tx, invoiceId: string): Promise<Map<string, number>> {
    const rows = await tx
      .select({
        orderLineId: invoiceLines.orderLineId,
        quantity: invoiceLines.quantity,
        credited: sql<number>`coalesce((select sum(cl.quantity) from invoice_lines cl join invoices c on c.id = cl.invoice_id
          where c.credits_invoice_id = ${invoiceId} and cl.order_line_id = ${invoiceLines.orderLineId}), 0)::int`.mapWith(Number),
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId));
    return new Map(rows.map((r) => [r.orderLineId, r.quantity - r.credited]));
  }

  /**
   * A credit note against one invoice for `lines` (each within what the invoice still holds, else
   * CreditExceedsInvoice naming the line); the invoice is `credited` once nothing of it is left.
   */
  async function creditInvoice(tx: Tx, invoiceId: string, lines: ShippedLine[], reason: string, issueDate: string): Promise<string> {
    const [invoice] = await tx
      .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number, issueDate: invoices.issueDate, kind: invoices.kind, status: invoices.status, discountCents: invoices.discountCents, shippingCents: invoices.shippingCents })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    if (!invoice || invoice.kind !== 'invoice') throw new AppError(404, INVOICE_ERRORS.NOT_FOUND, 'No such invoice');
    const order = (await readOrderFacts(tx, invoice.orderId))!;
    const holds = await creditable(tx, invoiceId);
    const asked = new Map<string, number>();
    for (const l of lines) asked.set(l.orderLineId, (asked.get(l.orderLineId) ?? 0) + l.quantity);
    const errors = lines.flatMap((l, i) => {
      const left = holds.get(l.orderLineId);
      if (left === undefined) return [{ path: `lines.${i}.order_line_id`, message: 'validation.invalid.value' }];
      if (asked.get(l.orderLineId)! > left) return [{ path: `lines.${i}.quantity`, message: 'validation.tooBig.number', values: { count: left } }];
      return [];
    });
    if (errors.length) throw new CreditExceedsInvoice(errors);
    const orderLines = await readLineFacts(tx, invoice.orderId);
    const chosen = orderLines.flatMap((line) => (asked.get(line.orderLineId) ? [{ line, quantity: asked.get(line.orderLineId)! }] : []));
    const whole = [...holds].every(([id, left]) => (asked.get(id) ?? 0) === left);
    const [before] = await tx
      .select({
        discountCents: sql<number>`coalesce(sum(${invoices.discountCents}), 0)::int`.mapWith(Number),
        shippingCents: sql<number>`coalesce(sum(${invoices.shippingCents}), 0)::int`.mapWith(Number),
      })
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, invoiceId));
    const heldTotal = orderLines.reduce((sum, l) => sum + (holds.get(l.orderLineId) ? partOf(l, holds.get(l.orderLineId)!) : 0), 0);
    const creditedTotal = chosen.reduce((sum, c) => sum + partOf(c.line, c.quantity), 0);
    const discountLeft = invoice.discountCents - (before?.discountCents ?? 0);
    const id = await issue(tx, {
      order,
      kind: 'credit_note',
      lines: chosen,
      issueDate,
      dueDate: null,
      shipmentId: null,
      deliveryDate: null,
      // In proportion to what is credited of what the invoice still holds; all of the rest when the whole is credited.
      discountCents: whole ? discountLeft : heldTotal > 0 ? Math.min(discountLeft, Math.round((discountLeft * creditedTotal) / heldTotal)) : 0,
      shippingCents: whole ? invoice.shippingCents - (before?.shippingCents ?? 0) : 0,
      paidAt: null,
      credits: { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate },
      reason,
    });
    if (whole && (invoice.status === 'open' || invoice.status === 'overdue')) {
      await tx.update(invoices).set({ status: 'credited' }).where(eq(invoices.id, invoiceId));
    }
    return id;
  }

  const today = () => new Date().toISOString().slice(0, 10);

  const port: InvoicingPort = {
    async invoiceShipment(tx, shipment) {
      if (shipment.shipmentId !== null) {
        const [done] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.orderId, shipment.orderId), eq(invoices.shipmentId, shipment.shipmentId)));
        if (done) return done.id;
      }
      return invoiceOrder(tx, shipment.orderId, shipment.lines, {
        shipmentId: shipment.shipmentId,
        issueDate: shipment.shippedOn,
        deliveryDate: shipment.shippedOn,
        paidAt: null,
        ...(shipment.lots ? { lots: shipment.lots } : {}),
      });
    },
    async invoicePaidOrder(tx, orderId, paidOn) {
      const [done] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), sql`${invoices.prepaidCents} > 0`));
      if (done) return done.id;
      return invoiceOrder(tx, orderId, 'rest', { shipmentId: null, issueDate: paidOn, deliveryDate: null, paidAt: new Date(`${paidOn}T12:00:00Z`) });
    },
    async creditLines(tx, credit) {
      // Each quantity is credited against the order's invoices oldest first, as far as each still holds it.
      const order = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, credit.orderId), eq(invoices.kind, 'invoice')))
        .orderBy(asc(invoices.issueDate), asc(invoices.number));
      const wanted = new Map<string, number>();
      for (const l of credit.lines) wanted.set(l.orderLineId, (wanted.get(l.orderLineId) ?? 0) + l.quantity);
      const ids: string[] = [];
      for (const { id } of order) {
        const holds = await creditable(tx, id);
        const part = [...wanted].flatMap(([orderLineId, n]) => {
          const q = Math.min(n, holds.get(orderLineId) ?? 0);
          return q > 0 ? [{ orderLineId, quantity: q }] : [];
        });
        if (!part.length) continue;
        for (const p of part) wanted.set(p.orderLineId, wanted.get(p.orderLineId)! - p.quantity);
        ids.push(await creditInvoice(tx, id, part, credit.reason, today()));
      }
      return ids;
    },
  };

  return { ...port, creditInvoice };
}

export type Invoicing = ReturnType<typeof createInvoicing>;

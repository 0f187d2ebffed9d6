// A TEST DOUBLE of the invoice renderer (modules/invoices/invoice-renderer.ts), not of the issuing
// code: until the real compute/UBL/PDF code is wired in invoices.plugin.ts, the tests' apps and the
// test template's seed issue invoices with this. Its arithmetic is deliberately plain (standard rate
// per line, VAT per rate on the rounded taxable amount); its "UBL" and "PDF" are small texts that
// carry the number and the totals, so tests can tell the stored bytes apart.
import type { InvoiceDocument, InvoiceParty, VatBreakdownRow } from '../modules/invoices/invoice-document';
import type { InvoiceInput } from '../modules/invoices/invoice-input';
import type { InvoiceRenderer } from '../modules/invoices/invoice-renderer';

const percent = (bp: number) => String(bp / 100);

/** The Belgian structured communication of a `YYYY-NNNNNN` number: its 10 digits and their mod-97 check. */
export function structuredCommunication(number: string): string {
  const digits = number.replace(/\D/g, '').padStart(10, '0').slice(-10);
  const check = Number(BigInt(digits) % 97n) || 97;
  const all = `${digits}${String(check).padStart(2, '0')}`;
  return `+++${all.slice(0, 3)}/${all.slice(3, 7)}/${all.slice(7)}+++`;
}

function party(p: { name: string; vatNumber: string | null; address: InvoiceDocument['buyer']['address'] }, endpoint: string | null): InvoiceParty {
  const [scheme, id] = (endpoint ?? '9925:unknown').split(':');
  return { name: p.name, vatNumber: p.vatNumber, legalId: null, endpoint: { scheme: scheme!, id: id! }, address: p.address, contact: null };
}

export const testInvoiceRenderer: InvoiceRenderer = {
  compute(input: InvoiceInput): InvoiceDocument {
    const lines = input.lines.map((l, i) => ({
      id: String(i + 1),
      orderLineId: l.orderLineId,
      articleCode: l.articleCode,
      description: l.description,
      gtin: l.gtin,
      quantity: l.quantity,
      unitCode: 'C62',
      unitPrice: l.unitPrice,
      lineTotalCents: Math.round(l.quantity * Number(l.unitPrice) * 100),
      vatCategory: 'S' as const,
      vatRatePercent: percent(l.vatRateBp),
    }));
    const allowanceCharges = [
      ...(input.discount ? [{ charge: false, reasonCode: '95', reason: `Discount ${input.discount.code}`, amountCents: input.discount.amountCents, vatCategory: 'S' as const, vatRatePercent: lines[0]?.vatRatePercent ?? '21' }] : []),
      ...(input.shipping ? [{ charge: true, reasonCode: 'FC', reason: 'Shipping', amountCents: input.shipping.amountCents, vatCategory: 'S' as const, vatRatePercent: percent(input.shipping.vatRateBp) }] : []),
    ];
    const taxable = new Map<string, number>();
    for (const l of lines) taxable.set(l.vatRatePercent, (taxable.get(l.vatRatePercent) ?? 0) + l.lineTotalCents);
    for (const a of allowanceCharges) taxable.set(a.vatRatePercent, (taxable.get(a.vatRatePercent) ?? 0) + (a.charge ? a.amountCents : -a.amountCents));
    const vatBreakdown: VatBreakdownRow[] = [...taxable].map(([rate, cents]) => ({
      category: 'S',
      ratePercent: rate,
      taxableCents: cents,
      taxCents: Math.round((cents * Number(rate)) / 100),
      exemptionReasonCode: null,
      exemptionReason: null,
    }));
    const lineExtensionCents = lines.reduce((s, l) => s + l.lineTotalCents, 0);
    const allowanceTotalCents = allowanceCharges.filter((a) => !a.charge).reduce((s, a) => s + a.amountCents, 0);
    const chargeTotalCents = allowanceCharges.filter((a) => a.charge).reduce((s, a) => s + a.amountCents, 0);
    const taxExclusiveCents = lineExtensionCents - allowanceTotalCents + chargeTotalCents;
    const taxCents = vatBreakdown.reduce((s, r) => s + r.taxCents, 0);
    return {
      kind: input.kind,
      number: input.number,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      currency: 'EUR',
      language: input.language,
      buyerReference: input.order.externalReference ?? input.order.number,
      purchaseOrderReference: input.order.externalReference,
      salesOrderReference: input.order.number,
      costCentre: input.order.costCentre,
      precedingInvoice: input.precedingInvoice,
      seller: party(input.seller, input.seller.peppolParticipantId),
      buyer: { ...party(input.buyer, input.buyer.peppolParticipantId), contact: input.buyer.contact },
      delivery: { date: input.order.deliveryDate, address: input.order.deliveryAddress },
      paymentMeans: { code: '30', iban: input.seller.iban, bic: input.seller.bic, structuredCommunication: structuredCommunication(input.number) },
      notes: [],
      lines,
      allowanceCharges,
      vatBreakdown,
      totals: {
        lineExtensionCents,
        allowanceTotalCents,
        chargeTotalCents,
        taxExclusiveCents,
        taxCents,
        taxInclusiveCents: taxExclusiveCents + taxCents,
        prepaidCents: input.prepaidCents,
        payableCents: taxExclusiveCents + taxCents - input.prepaidCents,
      },
    };
  },
  ubl: (doc) => `<?xml version="1.0" encoding="UTF-8"?>\n<TestDouble kind="${doc.kind}" number="${doc.number}" total="${doc.totals.taxInclusiveCents}"/>\n`,
  pdf: async (doc) => Buffer.from(`%PDF-1.4\n% test double ${doc.kind} ${doc.number} ${doc.language} ${doc.totals.taxInclusiveCents}\n%%EOF\n`),
};

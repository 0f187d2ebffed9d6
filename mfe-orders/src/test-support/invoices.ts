// Builders of the invoices the test API answers with, typed by the shared schemas (the page's
// client checks every answer against them, so a builder that drifts from the contract fails).
import type { InvoiceDetail, InvoiceSummary } from '@portal/shared/schemas/orders';

let n = 0;
const id = (prefix: string) => `${prefix}-4000-8000-${String((n += 1)).padStart(12, '0')}`;

export const ORDER = { id: '00000000-0000-4000-8000-0000000000c1', number: 'SO-2026-010001', external_order_number: 'PO-NL-7' };

export function invoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  const seq = n + 1;
  return {
    id: id('11111111-0000'),
    kind: 'invoice',
    number: `2026-${String(seq).padStart(6, '0')}`,
    issue_date: '2026-11-05',
    due_date: '2026-12-05',
    status: 'open',
    delivery_status: 'delivered',
    order: ORDER,
    organisation_name: 'Politie Eenheid Rotterdam',
    total_excl_vat: 10_000,
    vat: 0,
    total_incl_vat: 10_000,
    amount_due: 10_000,
    currency: 'EUR',
    ...overrides,
  };
}

export function invoiceDetail(summary: InvoiceSummary, overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...summary,
    credits: null,
    credit_notes: [],
    payment_reference: '+++090/9337/55493+++',
    iban: 'BE71 0961 2345 6769',
    paid_at: null,
    lines: [
      { article_code: 'TQ-1', description: 'Tourniquet SOF-T', quantity: 3, unit_price: '33.3333', line_total_excl_vat: 10_000, vat_category: 'AE', vat_rate_percent: '0' },
    ],
    vat_breakdown: [{ category: 'AE', rate_percent: '0', taxable: 10_000, vat: 0, exemption_reason: 'Reverse charge: VAT to be accounted for by the recipient (article 196, Directive 2006/112/EC)' }],
    discount_excl_vat: 0,
    shipping_excl_vat: 0,
    delivery_error: null,
    delivery_problem: null,
    ...overrides,
  };
}

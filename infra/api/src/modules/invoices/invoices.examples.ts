// The OpenAPI examples of the accounting system's route (issue 29 "Documentation"): the invoice of
// an order of the demo's hospital, paid. defineRoute checks each against its route's schema at start-up.
import type { InvoiceDetail, InvoicePaymentInput } from '@portal/shared/schemas';
import { structuredCommunication } from './structured-communication';

export const INVOICE_PAYMENT_EXAMPLE: InvoicePaymentInput = { paid_on: '2026-11-27' };

const NUMBER = '2026-000042';

/** 20 boxes of gloves at €11.90 and 10 tourniquets at €32.90, both at 6 % VAT, paid. */
export const PAID_INVOICE_EXAMPLE: InvoiceDetail = {
  id: 'd48a1f6c-2b9e-4c37-8f05-6e1a3b7c9d20',
  kind: 'invoice',
  number: NUMBER,
  issue_date: '2026-11-25',
  due_date: '2026-12-25',
  status: 'paid',
  delivery_status: 'delivered',
  order: { id: '5d1e8c3a-2f47-4b9e-a6d0-7c3b91e4f028', number: 'SO-2026-010084', external_order_number: 'PO-4411' },
  organisation_name: 'Zorggroep Scheldeland',
  total_excl_vat: 56_700,
  vat: 3_402,
  total_incl_vat: 60_102,
  amount_due: 0,
  currency: 'EUR',
  credits: null,
  credit_notes: [],
  payment_reference: structuredCommunication(NUMBER),
  iban: 'BE68539007547034',
  paid_at: '2026-11-27T12:00:00.000Z',
  lines: [
    { article_code: 'MDV-102590', description: 'Nitrile examination gloves – Black – M', quantity: 20, unit_price: '11.90', line_total_excl_vat: 23_800, vat_category: 'S', vat_rate_percent: '6' },
    { article_code: 'TRR-109361', description: 'Windlass tourniquet Gen 7 – Black', quantity: 10, unit_price: '32.90', line_total_excl_vat: 32_900, vat_category: 'S', vat_rate_percent: '6' },
  ],
  vat_breakdown: [{ category: 'S', rate_percent: '6', taxable: 56_700, vat: 3_402, exemption_reason: null }],
  discount_excl_vat: 0,
  shipping_excl_vat: 0,
  delivery_error: null,
  delivery_problem: null,
};

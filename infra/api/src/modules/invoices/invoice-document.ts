// The invoice or credit note as issued: every fact the PDF and the UBL document show, computed once
// when the document is issued (compute.ts, from the order's facts) and stored beside the rendered
// bytes, so a document renders the same way forever and the renderers decide nothing. Amounts are
// integer cents; unit prices are decimal strings (a contract price may carry fractions of a cent).
// Where rounding happens and how the VAT category is chosen: docs/decisions (issue 30's record).

/** EN 16931 VAT category (UNCL5305 subset the portal issues). */
export type { VatCategory } from '../../common/vat/vat-category';
import type { VatCategory } from '../../common/vat/vat-category';
import type { ItemInstance } from './invoice-input';

/** An identifier with its Peppol Electronic Address Scheme / ICD code, e.g. `{ scheme: '0208', id: '0412345614' }`. */
export interface SchemeId {
  scheme: string;
  id: string;
}

export interface PostalAddress {
  street: string;
  /** Box, building, department: the second address line. */
  additionalStreet: string | null;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InvoiceParty {
  name: string;
  /** With its country prefix, e.g. `BE0412345614`; null when the party has none. */
  vatNumber: string | null;
  /** Legal registration (BT-30 / BT-47): enterprise number 0208, KvK 0106, OIN 0190, SIRET 0009. */
  legalId: SchemeId | null;
  /** Electronic address (BT-34 / BT-49): the Peppol participant id, else the best identifier known. */
  endpoint: SchemeId;
  address: PostalAddress;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
}

export interface InvoiceDocumentLine {
  /** "1", "2", … in document order. */
  id: string;
  /** The order line invoiced (null for lines not from an order line). */
  orderLineId: string | null;
  articleCode: string;
  description: string;
  /** GS1 GTIN (scheme 0160) when the product has one. */
  gtin: string | null;
  /** Invoiced quantity (negative never: a credit note states positive quantities). */
  quantity: number;
  /** UN/ECE Recommendation 20 unit code, e.g. `C62` (one), `BX` (box), `PR` (pair). */
  unitCode: string;
  /** Net unit price excluding VAT, decimal string with up to 4 decimals, e.g. `12.3333`. */
  unitPrice: string;
  /** Quantity × unit price, rounded half away from zero to the cent (BT-131). */
  lineTotalCents: number;
  vatCategory: VatCategory;
  /** Percentage as a decimal string: `21`, `6`, `0`. */
  vatRatePercent: string;
  /** The lots shipped on the line (decision 070): item attributes BT-160/161 in the UBL, a line under the description in the PDF. */
  instances?: ItemInstance[];
}

/** A document-level allowance (discount code) or charge (shipping). */
export interface InvoiceAllowanceCharge {
  charge: boolean;
  /** UNCL5189 (allowances, e.g. `95` discount) or UNCL7161 (charges, e.g. `FC` freight). */
  reasonCode: string;
  reason: string;
  amountCents: number;
  vatCategory: VatCategory;
  vatRatePercent: string;
}

/** One row of the VAT breakdown (BG-23). */
export interface VatBreakdownRow {
  category: VatCategory;
  ratePercent: string;
  taxableCents: number;
  taxCents: number;
  /** VATEX code and text for AE, K and E (BT-121 / BT-120); null otherwise. */
  exemptionReasonCode: string | null;
  exemptionReason: string | null;
}

export interface InvoiceTotals {
  /** Sum of line totals (BT-106). */
  lineExtensionCents: number;
  allowanceTotalCents: number;
  chargeTotalCents: number;
  /** BT-109. */
  taxExclusiveCents: number;
  /** BT-110. */
  taxCents: number;
  /** BT-112. */
  taxInclusiveCents: number;
  /** Paid before the invoice (BT-113), e.g. an online payment at placement. */
  prepaidCents: number;
  /** BT-115. */
  payableCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** The gapless number, e.g. `2026-000042`. */
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** YYYY-MM-DD; null for a credit note or an invoice paid at placement. */
  dueDate: string | null;
  currency: 'EUR';
  /** The buyer's language: the PDF's labels and the legal mentions. */
  language: 'en' | 'nl' | 'fr';
  /** BT-10: the buyer's reference (purchase-order number, else our order number). */
  buyerReference: string;
  /** BT-13: the buyer's purchase-order number (the order's external order number). */
  purchaseOrderReference: string | null;
  /** BT-14: our order number. */
  salesOrderReference: string;
  /**
   * BT-19: the buyer's accounting reference, the cost centre the order was charged to. The UBL
   * states its code (where to book it: the key the buyer's accounts know, unique in the
   * organisation); the PDF, read by people, names it too, as the order form does.
   */
  costCentre: { code: string; name: string } | null;
  /** BT-25/26: the invoice a credit note corrects. */
  precedingInvoice: { number: string; issueDate: string } | null;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  delivery: { date: string | null; address: PostalAddress | null };
  /** Credit transfer (UNCL4461 `30`, or `58` SEPA) with the Belgian structured communication as remittance (BT-83). */
  paymentMeans: { code: '30' | '58'; iban: string; bic: string | null; structuredCommunication: string };
  /**
   * Payment terms (BT-20) in the buyer's language. EN 16931 wants a due date or terms whenever an
   * amount is payable (BR-CO-25), and a credit note has no due date. Optional: documents issued
   * before it was added have none.
   */
  paymentTerms?: string | null;
  /** Free-text notes (BT-22): the legal mentions in the buyer's language. */
  notes: string[];
  lines: InvoiceDocumentLine[];
  allowanceCharges: InvoiceAllowanceCharge[];
  vatBreakdown: VatBreakdownRow[];
  totals: InvoiceTotals;
}

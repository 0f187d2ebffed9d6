// What issuing an invoice knows before anything is computed: the order's facts, the buyer's and the
// seller's identity, and what is invoiced. compute.ts turns it into the InvoiceDocument (VAT
// category, rounding, totals, payment reference); the invoices module reads it from the database.
import type { VatRegime } from '../../common/vat/vat-category';
import type { PostalAddress } from './invoice-document';

/** The supplier itself: from the environment (production refuses to start without it). */
export interface SellerFacts {
  name: string;
  /** With country prefix, e.g. `BE0999999999`. */
  vatNumber: string;
  /** Belgian enterprise number, 10 digits. */
  enterpriseNumber: string;
  /** `scheme:id`, e.g. `0208:0999999999`. */
  peppolParticipantId: string;
  address: PostalAddress;
  email: string;
  phone: string | null;
  iban: string;
  bic: string | null;
}

/** The buyer as the organisation (or, for a web-shop customer without one, the person) is recorded. */
export interface BuyerFacts {
  name: string;
  /** `B2B` and `B2G` are businesses for VAT (reverse charge or intra-community supply abroad); `B2C` is not. */
  clientType: 'B2B' | 'B2G' | 'B2C';
  vatNumber: string | null;
  /** ISO 3166-1 alpha-2 of establishment (else the invoice address's). */
  country: string;
  enterpriseNumber: string | null;
  kvkNumber: string | null;
  oin: string | null;
  siret: string | null;
  peppolParticipantId: string | null;
  /** Set when the buyer is exempt from VAT: the legal ground (category E). */
  vatExemptionReason: string | null;
  /** The invoice address of the order. */
  address: PostalAddress;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
}

export interface InvoiceInputLine {
  orderLineId: string | null;
  articleCode: string;
  description: string;
  gtin: string | null;
  /** Quantity invoiced (what shipped, or what is credited). */
  quantity: number;
  /** The product's sales unit as the catalogue names it (`piece`, `box`, `pair`, …). */
  unit: string;
  /** Net unit price, decimal string with up to 4 decimals (the order line's cents, or a finer contract price). */
  unitPrice: string;
  /** The line's VAT rate in basis points (2100 = 21 %). */
  vatRateBp: number;
  /** The product's own category when the rate does not say it (`Z` zero-rated, `E` exempt), else null. */
  productVatCategory: 'Z' | 'E' | null;
  /** The lots, expiry dates and serial numbers shipped on this line (decision 070); absent: none known. */
  instances?: ItemInstance[];
}

/** One lot of a shipped line: its number, expiry date and serial numbers (any may be missing). */
export interface ItemInstance {
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: string[];
}

export interface InvoiceInput {
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  /** Null for a credit note or an invoice paid at placement. */
  dueDate: string | null;
  language: 'en' | 'nl' | 'fr';
  seller: SellerFacts;
  buyer: BuyerFacts;
  order: {
    number: string;
    /** The buyer's purchase-order number. */
    externalReference: string | null;
    /** The cost centre the order was charged to (budgets, decision 054); null: none. */
    costCentre: { code: string; name: string } | null;
    deliveryAddress: PostalAddress | null;
    /** The day the goods shipped (or were delivered). */
    deliveryDate: string | null;
    /**
     * The VAT regime decided when the order was placed (decision 058: the invoice charges what the
     * buyer was shown); absent or null: decided now from the buyer's facts and the delivery country.
     */
    vatRegime?: VatRegime | null;
  };
  lines: InvoiceInputLine[];
  /**
   * The order's discount code share on this document (excl. VAT, cents), null when none. Spread over
   * the VAT rates in proportion to the lines' totals (the decision record says how).
   */
  discount: { code: string; amountCents: number } | null;
  /** The shipping charge on this document (excl. VAT, cents) and its VAT rate; null when none. */
  shipping: { amountCents: number; vatRateBp: number } | null;
  /** Already paid (online payment at placement), cents incl. VAT. */
  prepaidCents: number;
  /** The VAT of some groups as given (common/vat's `taxOf`): the last invoice of an order shipped in parts. */
  taxOf?: ReadonlyMap<string, number> | undefined;
  precedingInvoice: { number: string; issueDate: string } | null;
}

// The money of a document the buyer sees or is invoiced: the one rule (decision 058) behind the
// cart, the checkout's preview, the placed order (and so its page, its form, its mail, its events,
// approvals, quotations and procurement orders) and the invoice. EN 16931's way (BR-CO-17):
//   - each line's net amount is given (quantity × unit price, rounded once by the caller);
//   - each line, the discount's shares and the shipping get a category and rate (vat-category.ts);
//   - the discount is split over the VAT groups (category and rate) in proportion to their line
//     amounts, by largest remainder, so the shares add up to the discount exactly;
//   - each group's VAT = (its lines − its discount share + its charges) × rate, rounded once, half
//     away from zero; the document's VAT is the sum of the groups'. No line or unit carries VAT.
import { apportion, vatCents } from './decimal';
import { chooseCategory, type CategoryChoice, type VatRegime } from './vat-category';
import type { VatBuyer, VatLanguage } from './vat-buyer';

export interface MoneyLine {
  /** The line's net amount in cents (quantity × unit price, rounded once). */
  netCents: number;
  /** The product's rate in basis points (2100 = 21 %). */
  rateBp: number;
  /** The product's own category when the rate does not say it (`Z`, `E`), else null. */
  productCategory: 'Z' | 'E' | null;
}

export interface MoneyRequest {
  lines: MoneyLine[];
  /** The discount code's amount excl. VAT (cents), already capped at the goods. */
  discountCents: number;
  /** The shipping charge excl. VAT (cents) and its rate; null or 0: none. */
  shipping: { cents: number; rateBp: number } | null;
  buyer: Pick<VatBuyer, 'vatExemptionReason'>;
  regime: VatRegime;
  language: VatLanguage;
  /**
   * The VAT of some groups (key `vatGroupKey`) as given rather than rounded here: the last invoice
   * of an order shipped in parts takes what is left of the order's VAT per group, so the invoices
   * add up to what the buyer was shown (each part rounded alone could differ by a cent; EN 16931's
   * BR-CO-17 allows a group's VAT to differ from its own rounding by less than one unit).
   */
  taxOf?: ReadonlyMap<string, number> | undefined;
}

export interface MoneyGroup {
  choice: CategoryChoice;
  linesCents: number;
  allowanceCents: number;
  chargeCents: number;
  taxableCents: number;
  taxCents: number;
}

export interface PricedMoney {
  /** Each line's category and rate, in the order given. */
  lines: CategoryChoice[];
  /** The VAT groups in the order they first occur (lines, then shipping). */
  groups: MoneyGroup[];
  /** The shipping charge's group key (null: no shipping). */
  shipping: CategoryChoice | null;
  totals: {
    linesCents: number;
    discountCents: number;
    shippingCents: number;
    exclVatCents: number;
    vatCents: number;
    inclVatCents: number;
  };
  /** The legal mentions of the supplies without Belgian VAT (K, E, G), each once: what the invoice's note says. */
  mentions: string[];
}

/** A VAT group's key: its category and rate in basis points (`S|2100`). */
export const vatGroupKey = (category: string, rateBp: number) => `${category}|${rateBp}`;
const keyOf = (c: CategoryChoice) => vatGroupKey(c.category, c.rateBp);

const whole = (name: string, cents: number) => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`${name} must be a non-negative whole number of cents: ${cents}`);
};

export function priceMoney(req: MoneyRequest): PricedMoney {
  const choose = (rateBp: number, product: 'Z' | 'E' | null) => chooseCategory(req.buyer, req.regime, req.language, rateBp, product);
  const groups = new Map<string, Omit<MoneyGroup, 'taxableCents' | 'taxCents'>>();
  const group = (choice: CategoryChoice) => {
    const key = keyOf(choice);
    if (!groups.has(key)) groups.set(key, { choice, linesCents: 0, allowanceCents: 0, chargeCents: 0 });
    return groups.get(key)!;
  };
  const lines = req.lines.map((l, i) => {
    whole(`line ${i + 1}`, l.netCents);
    const choice = choose(l.rateBp, l.productCategory);
    group(choice).linesCents += l.netCents;
    return choice;
  });
  whole('the discount', req.discountCents);
  if (req.discountCents > 0) {
    const lineGroups = [...groups.values()];
    const shares = apportion(req.discountCents, lineGroups.map((g) => g.linesCents));
    lineGroups.forEach((g, i) => (g.allowanceCents += shares[i]!));
  }
  let shipping: CategoryChoice | null = null;
  if (req.shipping && req.shipping.cents > 0) {
    whole('the shipping charge', req.shipping.cents);
    shipping = choose(req.shipping.rateBp, null);
    group(shipping).chargeCents += req.shipping.cents;
  }
  const priced: MoneyGroup[] = [...groups.values()].map((g) => {
    const taxable = g.linesCents - g.allowanceCents + g.chargeCents;
    return { ...g, taxableCents: taxable, taxCents: req.taxOf?.get(keyOf(g.choice)) ?? vatCents(taxable, g.choice.rateBp) };
  });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const linesCents = sum(req.lines.map((l) => l.netCents));
  const shippingCents = shipping ? req.shipping!.cents : 0;
  const exclVatCents = linesCents - req.discountCents + shippingCents;
  const vat = sum(priced.map((g) => g.taxCents));
  return {
    lines,
    groups: priced,
    shipping,
    totals: { linesCents, discountCents: req.discountCents, shippingCents, exclVatCents, vatCents: vat, inclVatCents: exclVatCents + vat },
    mentions: [...new Set(priced.map((g) => g.choice.exemptionReason).filter((r): r is string => r !== null))],
  };
}

/**
 * A line's amount incl. VAT as shown beside it (the cart's and the order's line): its net amount
 * with its own category's rate, rounded once. Informative only: the totals are `priceMoney`'s, which
 * round per VAT group, so the lines' incl. amounts need not add up to the total to the cent.
 */
export const inclVat = (netCents: number, rateBp: number): number => netCents + vatCents(netCents, rateBp);

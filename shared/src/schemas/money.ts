import * as v from 'valibot';

/** The only currency: prices are integer cents in EUR (no floating-point money anywhere). */
export const CURRENCY = 'EUR';

/** An amount in euro cents (a safe integer; negative for discounts). */
export const CentsSchema = v.pipe(v.number(), v.safeInteger());
export type Cents = v.InferOutput<typeof CentsSchema>;

/**
 * The most an order's goods may be worth: cents excluding VAT, before any discount (decision 035).
 * The cart, the checkout preview and the placement refuse more with CHECKOUT_AMOUNT_TOO_LARGE
 * (422). With it, every amount an order stores (line totals, VAT, shipping, the total and the
 * payment) stays well within the int4 money columns, and products of cents stay exact in JS.
 */
export const MAX_ORDER_GOODS_CENTS = 100_000_000;

/** A VAT rate in percent, e.g. 21. */
export const VatRateSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

/** A price with and without VAT, as shown with the VAT toggle. */
export const PriceSchema = v.object({
  excl_vat: CentsSchema,
  incl_vat: CentsSchema,
  vat_rate: VatRateSchema,
});
export type Price = v.InferOutput<typeof PriceSchema>;

/** Formats cents as euros for a locale tag (`nl-BE` -> `€ 12,50`). */
export function formatCents(cents: number, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { style: 'currency', currency: CURRENCY }).format(cents / 100);
}

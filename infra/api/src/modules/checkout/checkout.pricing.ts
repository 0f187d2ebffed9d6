// The money of a checkout, computed by the server only (integer cents, no floating-point money
// stored): goods, discount, shipping (free from its threshold), and the VAT by the one rule the
// invoice follows (common/vat, decision 058). The same function prices the preview and the placed order.
import type { AppliedDiscount } from '@portal/shared/schemas';
import { priceMoney } from '../../common/vat/price';
import type { VatBuyer, VatLanguage } from '../../common/vat/vat-buyer';
import { SHIPPING_VAT_RATE_BP, type VatCategory, type VatRegime } from '../../common/vat/vat-category';


export interface PricedLine {
  product_id: string;
  quantity: number;
  unit_excl_vat: number;
  /** Percent, e.g. 21: the product's rate. */
  vat_rate: number;
  /** The product's own category when the rate does not say it (zero-rated `Z`, exempt `E`). */
  product_category?: 'Z' | 'E' | null;
}

export interface ShippingRate {
  method_id: number;
  code: string;
  price_excl_vat: number;
  free_from_excl_vat: number | null;
}

export interface Money {
  subtotal_excl_vat: number;
  discount_excl_vat: number;
  shipping_excl_vat: number;
  vat: number;
  excl_vat: number;
  incl_vat: number;
  /** The VAT breakdown: per category and rate, its taxable amount and its VAT (what the invoice's rows will say). */
  vat_groups: { category: VatCategory; rate: number; taxable: number; vat: number }[];
  /** The legal mentions of what is supplied without Belgian VAT (K, E, G), in the buyer's language. */
  vat_mentions: string[];
  vat_regime: VatRegime;
  /** Each line's rate as charged (percent, in the lines' order): 0 where its category is not S. */
  line_rates: number[];
}

/**
 * The amount a "free from" threshold is measured against: the orderable goods before discount, of
 * what is actually ordered (the cart, or the accepted quotation at its quoted prices). The shipping
 * list, the preview and the placement all take it from here, so they cannot disagree.
 */
export function goodsTotal(lines: Pick<PricedLine, 'quantity' | 'unit_excl_vat'>[]): number {
  return lines.reduce((s, l) => s + l.unit_excl_vat * l.quantity, 0);
}

/** Shipping for a goods total (`goodsTotal`): free from the threshold. */
export function shippingFor(rate: Pick<ShippingRate, 'price_excl_vat' | 'free_from_excl_vat'>, goodsExclVat: number): number {
  return rate.free_from_excl_vat !== null && goodsExclVat >= rate.free_from_excl_vat ? 0 : rate.price_excl_vat;
}

export function discountFor(discount: AppliedDiscount | null, subtotal: number): number {
  if (!discount) return 0;
  const amount = discount.kind === 'percentage' ? Math.round((subtotal * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(amount, subtotal));
}

/** How the buyer is taxed (decision 058): their facts, the regime the destination gives, the language of the mentions. */
export interface CheckoutVat {
  buyer: Pick<VatBuyer, 'vatExemptionReason'>;
  regime: VatRegime;
  language: VatLanguage;
}

/** A web-shop consumer, or a buyer in Belgium: Belgian VAT at each line's rate. */
export const DOMESTIC: CheckoutVat = { buyer: { vatExemptionReason: null }, regime: 'domestic', language: 'en' };

/**
 * The checkout's money by the one rule the invoice follows (common/vat/price.ts): VAT per category
 * and rate on the sum of the line amounts less their share of the discount, plus the shipping.
 */
export function priceCheckout(
  lines: PricedLine[],
  shipping: Pick<ShippingRate, 'price_excl_vat' | 'free_from_excl_vat'> | null,
  discount: AppliedDiscount | null,
  vat: CheckoutVat = DOMESTIC,
): Money {
  const subtotal = goodsTotal(lines);
  const discountCents = discountFor(discount, subtotal);
  const shippingCents = shipping ? shippingFor(shipping, subtotal) : 0;
  const priced = priceMoney({
    lines: lines.map((l) => ({ netCents: l.unit_excl_vat * l.quantity, rateBp: Math.round(l.vat_rate * 100), productCategory: l.product_category ?? null })),
    discountCents,
    shipping: { cents: shippingCents, rateBp: SHIPPING_VAT_RATE_BP },
    buyer: vat.buyer,
    regime: vat.regime,
    language: vat.language,
  });
  const t = priced.totals;
  return {
    subtotal_excl_vat: subtotal,
    discount_excl_vat: discountCents,
    shipping_excl_vat: shippingCents,
    vat: t.vatCents,
    excl_vat: t.exclVatCents,
    incl_vat: t.inclVatCents,
    vat_groups: priced.groups.map((g) => ({ category: g.choice.category, rate: g.choice.rateBp / 100, taxable: g.taxableCents, vat: g.taxCents })),
    vat_mentions: priced.mentions,
    vat_regime: vat.regime,
    line_rates: priced.lines.map((c) => c.rateBp / 100),
  };
}

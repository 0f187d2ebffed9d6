// The money of a checkout, computed by the server only (integer cents, no floating-point money
// stored): goods, discount, shipping (free from its threshold), VAT per line on the discounted
// amount, VAT on shipping. The same function prices the preview and the placed order.
import type { AppliedDiscount } from '@portal/shared/schemas';

/** VAT on shipping costs (Belgian standard rate; the shipping rates are excluding VAT). */
export const SHIPPING_VAT_RATE = 21;

export interface PricedLine {
  product_id: string;
  quantity: number;
  unit_excl_vat: number;
  /** Percent, e.g. 21. */
  vat_rate: number;
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

export function priceCheckout(lines: PricedLine[], shipping: Pick<ShippingRate, 'price_excl_vat' | 'free_from_excl_vat'> | null, discount: AppliedDiscount | null): Money {
  const totals = lines.map((l) => l.unit_excl_vat * l.quantity);
  const subtotal = goodsTotal(lines);
  const discountCents = discountFor(discount, subtotal);
  const shippingCents = shipping ? shippingFor(shipping, subtotal) : 0;
  // The discount is spread over the lines in proportion to their totals (the last takes the
  // rounding remainder), so each line's VAT is charged on what is actually paid for it.
  let left = discountCents;
  let vat = 0;
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : subtotal > 0 ? Math.round((discountCents * totals[i]!) / subtotal) : 0;
    left -= share;
    vat += Math.round(((totals[i]! - share) * l.vat_rate) / 100);
  });
  vat += Math.round((shippingCents * SHIPPING_VAT_RATE) / 100);
  const excl = subtotal - discountCents + shippingCents;
  return { subtotal_excl_vat: subtotal, discount_excl_vat: discountCents, shipping_excl_vat: shippingCents, vat, excl_vat: excl, incl_vat: excl + vat };
}

import * as v from 'valibot';
import { inputString, optionalText } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { SubmitterSchema } from './submitter';

/** A discount code as typed (checked by the API: "Invalid discount code"). */
export const DiscountCodeSchema = v.pipe(inputString(), v.trim(), v.toUpperCase(), v.maxLength(50, M.tooBigString));

/** What the checkout sends to place an order (spec sections 2 and 5). */
export const CheckoutSchema = v.object({
  billing_address_id: v.pipe(inputString(M.required), v.nonEmpty(M.required)),
  delivery_address_id: v.pipe(inputString(M.required), v.nonEmpty(M.required)),
  /** The shipping method's `code` (`shipping_methods.code`): stable and readable, unlike its row id. */
  shipping_method: v.pipe(inputString(M.shippingMethodRequired), v.nonEmpty(M.shippingMethodRequired), v.maxLength(50, M.tooBigString)),
  discount_code: v.optional(DiscountCodeSchema),
  /** The customer's own purchase-order reference. */
  external_order_number: optionalText(100),
  remarks: optionalText(2000),
  submitter: SubmitterSchema,
});
export type CheckoutInput = v.InferInput<typeof CheckoutSchema>;
export type Checkout = v.InferOutput<typeof CheckoutSchema>;

/** A shipping method offered for a country (`shipping_methods` with its `shipping_rates` row), in cents. */
export const ShippingMethodSchema = v.object({
  code: v.string(),
  name: v.string(),
  price_excl_vat: v.pipe(v.number(), v.safeInteger()),
  /** Free from this order total excluding VAT; null: never free (spec section 9, "Free from"). */
  free_from_excl_vat: v.nullable(v.pipe(v.number(), v.safeInteger())),
});
export type ShippingMethod = v.InferOutput<typeof ShippingMethodSchema>;

import * as v from 'valibot';
import { CountryCodeSchema } from './address-shape';
import { BudgetForecastSchema } from './budgets';
import { AddToCartSchema, CartLineSchema } from './cart';
import { IdSchema, inputString, optionalText, uuidInput, UuidSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { OrderTotalsSchema } from './order';
import { SubmitterSchema } from './submitter';

/** A discount code as typed (checked by the API: "Invalid discount code"). */
export const DiscountCodeSchema = v.pipe(inputString(), v.trim(), v.toUpperCase(), v.maxLength(50, M.tooBigString));

/** What the checkout sends to place an order (spec sections 2 and 5). */
export const CheckoutSchema = v.strictObject({
  billing_address_id: uuidInput(M.required),
  delivery_address_id: uuidInput(M.required),
  /** The shipping method's `code` (`shipping_methods.code`): stable and readable, unlike its row id. */
  shipping_method: v.pipe(inputString(M.shippingMethodRequired), v.nonEmpty(M.shippingMethodRequired), v.maxLength(50, M.tooBigString)),
  discount_code: v.optional(DiscountCodeSchema),
  /** The customer's own purchase-order reference. */
  external_order_number: optionalText(100),
  remarks: optionalText(2000),
  submitter: SubmitterSchema,
  /** Order an accepted quotation: its lines at its quoted prices (not the cart's, not the catalogue's). */
  quotation_id: v.optional(UuidSchema),
  /** The buyer's cost centre (issue 33): required when the organisation has cost centres, else absent. */
  cost_centre_id: v.optional(UuidSchema),
});
export type CheckoutInput = v.InferInput<typeof CheckoutSchema>;
export type Checkout = v.InferOutput<typeof CheckoutSchema>;

/** Most lines one order of given lines may have (a procurement order, an approved request). */
export const MAX_GIVEN_ORDER_LINES = 500;

/**
 * An order of given lines (not the cart, not a quotation): what another module places for a
 * customer through the orders' placement port (common/ports.ts). The same choices as a checkout,
 * the lines instead of the cart; prices, stock and totals are the server's, as for any order.
 */
export const GivenLinesOrderSchema = v.strictObject({
  // The discount code the buyer chose stays with an approved request (issue 33); a quotation never comes with lines.
  ...v.omit(CheckoutSchema, ['quotation_id']).entries,
  lines: v.pipe(v.array(AddToCartSchema), v.minLength(1, M.required), v.maxLength(MAX_GIVEN_ORDER_LINES, M.tooBigArray)),
});
export type GivenLinesOrderInput = v.InferInput<typeof GivenLinesOrderSchema>;
export type GivenLinesOrder = v.InferOutput<typeof GivenLinesOrderSchema>;

/** A shipping method offered for a country (`shipping_methods` with its `shipping_rates` row), in cents. */
export const ShippingMethodSchema = v.object({
  code: v.string(),
  name: v.string(),
  price_excl_vat: v.pipe(v.number(), v.safeInteger()),
  /** Free from this order total excluding VAT; null: never free (spec section 9, "Free from"). */
  free_from_excl_vat: v.nullable(v.pipe(v.number(), v.safeInteger())),
});
export type ShippingMethod = v.InferOutput<typeof ShippingMethodSchema>;

/** Body of POST /api/v1/checkout/preview: what the checkout has chosen so far. */
export const CheckoutPreviewRequestSchema = v.strictObject({
  delivery_country: v.optional(CountryCodeSchema),
  shipping_method: v.optional(v.pipe(inputString(M.shippingMethodRequired), v.maxLength(50, M.tooBigString))),
  discount_code: v.optional(DiscountCodeSchema),
  /** Preview an accepted quotation's lines at its quoted prices instead of the cart. */
  quotation_id: v.optional(UuidSchema),
  /** The cost centre chosen so far (issue 44.14): the answer's `budget` judges the order against it, checked as placement checks it. */
  cost_centre_id: v.optional(UuidSchema),
});
export type CheckoutPreviewRequest = v.InferOutput<typeof CheckoutPreviewRequestSchema>;

/** Discount kinds: a percentage (value in percent, e.g. 10) or a fixed amount (value in cents). */
export const DISCOUNT_KINDS = ['percentage', 'fixed'] as const;
export const DiscountKindSchema = v.picklist(DISCOUNT_KINDS);
export type DiscountKind = v.InferOutput<typeof DiscountKindSchema>;

/** An applied discount code. */
export const AppliedDiscountSchema = v.object({
  code: v.string(),
  kind: DiscountKindSchema,
  /** Percent (may have decimals, e.g. 12.5) for `percentage`; cents for `fixed`. */
  value: v.number(),
});
export type AppliedDiscount = v.InferOutput<typeof AppliedDiscountSchema>;

/** Answer of POST /api/v1/checkout/preview: the totals the server would charge, in cents. */
export const CheckoutPreviewSchema = v.object({
  lines: v.array(CartLineSchema),
  totals: OrderTotalsSchema,
  discount: v.nullable(AppliedDiscountSchema),
  /** With `cost_centre_id`: whether the order fits what is left of its budget, and what placement would do if not. Absent without one (or for a buyer without an organisation). */
  budget: v.optional(BudgetForecastSchema),
});
export type CheckoutPreview = v.InferOutput<typeof CheckoutPreviewSchema>;

/** One line refused at placement for lack of stock (`CHECKOUT_ERRORS.OUT_OF_STOCK`). */
export const OutOfStockLineSchema = v.object({
  product_id: IdSchema,
  name: v.string(),
  requested: v.pipe(v.number(), v.integer()),
  available: v.pipe(v.number(), v.integer()),
});
export type OutOfStockLine = v.InferOutput<typeof OutOfStockLineSchema>;

/** The header that makes placing an order safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** An Idempotency-Key value: the client generates one (a UUID) per checkout attempt. */
export const IdempotencyKeySchema = v.pipe(v.string(), v.minLength(8), v.maxLength(200), v.regex(/^[\x21-\x7e]+$/));

/**
 * What one Idempotency-Key stands for: the parsed checkout body, the shop and the language, as one
 * canonical text (object keys sorted, so the same content is always the same text). The API hashes
 * it to tell a retry from another request under the same key (422 CHECKOUT_IDEMPOTENCY_KEY_REUSED);
 * the checkout compares it to decide whether a submit is a retry (same key) or a new attempt (new key).
 * One function for both, so the two never disagree about what "the same request" is (decision 038).
 */
export function idempotencySubject(request: { body: Checkout | GivenLinesOrder; shop: string; locale: string }): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
        : value;
  return JSON.stringify(canonical(request));
}

/** Stable error codes of the checkout and order placement API (contract-checkout.md). */
export const CHECKOUT_ERRORS = {
  /** POST /orders without an Idempotency-Key header (400). */
  IDEMPOTENCY_KEY_REQUIRED: 'CHECKOUT_IDEMPOTENCY_KEY_REQUIRED',
  /** The key was used before with another body (422). */
  IDEMPOTENCY_KEY_REUSED: 'CHECKOUT_IDEMPOTENCY_KEY_REUSED',
  /** A request with this key is still being processed (409). */
  IDEMPOTENCY_IN_PROGRESS: 'CHECKOUT_IDEMPOTENCY_IN_PROGRESS',
  /**
   * The cart changed under the placement again and again (another tab or device editing it): 409,
   * nothing placed, the key free again. Wait until the cart is settled and place again.
   */
  CART_BUSY: 'CHECKOUT_CART_BUSY',
  /** Given lines (a procurement order, an approved request) are placed on account only: the organisation has no active contract (409). */
  ON_ACCOUNT_ONLY: 'CHECKOUT_ON_ACCOUNT_ONLY',
  /** Nothing to order (409). */
  CART_EMPTY: 'CHECKOUT_CART_EMPTY',
  /** Stock is short for `lines` (409). */
  OUT_OF_STOCK: 'CHECKOUT_OUT_OF_STOCK',
  /** Lines no longer orderable, e.g. no longer within contract (409, `lines`). */
  NOT_ORDERABLE: 'CHECKOUT_NOT_ORDERABLE',
  /** Invalid, expired, exhausted or another organisation's code (422, field `discount_code`). */
  INVALID_DISCOUNT_CODE: 'CHECKOUT_INVALID_DISCOUNT_CODE',
  /** The shipping method is not offered for the delivery country (422, field `shipping_method`). */
  NO_SHIPPING_METHOD: 'CHECKOUT_NO_SHIPPING_METHOD',
  /** An address id not in the caller's book (422, field `billing_address_id` / `delivery_address_id`). */
  ADDRESS_NOT_FOUND: 'CHECKOUT_ADDRESS_NOT_FOUND',
  /** `quotation_id` names no quotation of the caller's organisation (422, field `quotation_id`). */
  QUOTATION_NOT_FOUND: 'CHECKOUT_QUOTATION_NOT_FOUND',
  /** The quotation is not accepted (still a draft, sent, answered) (409, field `quotation_id`). */
  QUOTATION_NOT_ACCEPTED: 'CHECKOUT_QUOTATION_NOT_ACCEPTED',
  /** The quotation's validity date has passed (409, field `quotation_id`). */
  QUOTATION_EXPIRED: 'CHECKOUT_QUOTATION_EXPIRED',
  /** The quotation has been ordered already: one quotation, at most one order (409, field `quotation_id`). */
  QUOTATION_ORDERED: 'CHECKOUT_QUOTATION_ORDERED',
  /**
   * The goods are worth more than one order may hold (`MAX_ORDER_GOODS_CENTS`, decision 035): 422,
   * the same answer from the cart, the preview and the placement (`checkout.amountTooLarge` with
   * values.count, the maximum in whole euros).
   */
  AMOUNT_TOO_LARGE: 'CHECKOUT_AMOUNT_TOO_LARGE',
  /**
   * A provider employee tried to check out (403): only customer accounts place orders. Its own code,
   * not the catalogue's CATALOG_CUSTOMERS_ONLY ("the contract range is for customer accounts").
   */
  CUSTOMERS_ONLY: 'CHECKOUT_CUSTOMERS_ONLY',
} as const;

/**
 * The authorisation declaration the submitter ticks (spec section 3), word for word per language.
 * The checkout shows this text and the API stores it with its version and the buyer's language on
 * the order (`OrderSubmitterSchema`), so the order keeps what was agreed to. A new wording gets a
 * new version.
 */
export const AUTHORISATION_DECLARATION = {
  version: '2026-11',
  text: {
    en: 'I declare that I am authorised to place this order on behalf of my organisation.',
    nl: 'Ik verklaar dat ik gemachtigd ben om deze bestelling te plaatsen namens mijn organisatie.',
    fr: 'Je déclare être habilité(e) à passer cette commande au nom de mon organisation.',
  },
} as const;

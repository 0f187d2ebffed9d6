// Contracts of the cart API: one cart per signed-in customer, priced for the shop of the request.
// Server-safe: no React here.
import * as v from 'valibot';
import { IdSchema, inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { PriceSchema } from './money';
import { ProductImageSchema, QuantitySchema } from './product';

/** Most lines one bulk add (quick order) may carry. */
export const MAX_BULK_CART_LINES = 200;

/** Body of POST /api/v1/cart/items. */
export const AddToCartSchema = v.strictObject({
  product_id: v.pipe(inputString(M.required), v.uuid(M.invalidUuid)),
  quantity: QuantitySchema,
});
export type AddToCart = v.InferOutput<typeof AddToCartSchema>;

/** Body of POST /api/v1/cart/items/bulk (quick order: all valid lines at once). */
export const AddToCartBulkSchema = v.strictObject({
  lines: v.pipe(v.array(AddToCartSchema), v.minLength(1, M.required), v.maxLength(MAX_BULK_CART_LINES, M.tooBigArray)),
});

export const CartLineSchema = v.object({
  product_id: IdSchema,
  slug: v.string(),
  name: v.string(),
  article_code: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unit_price: v.nullable(PriceSchema),
  max_quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The product's first image (null: none; the cart shows a placeholder). */
  image: v.optional(v.nullable(ProductImageSchema)),
});
export type CartLine = v.InferOutput<typeof CartLineSchema>;

/** The caller's cart (the checkout issue builds the cart page on it). */
export const CartSchema = v.object({
  lines: v.array(CartLineSchema),
  /** Sum of the quantities. */
  item_count: v.pipe(v.number(), v.integer()),
  total: v.object({ excl_vat: v.number(), incl_vat: v.number() }),
});
export type Cart = v.InferOutput<typeof CartSchema>;

/**
 * Stable error codes of the cart API. Not signed in is CATALOG_ERRORS.LOGIN_REQUIRED and an unknown
 * product CATALOG_ERRORS.PRODUCT_NOT_FOUND, as the catalogue answers them.
 */
export const CART_ERRORS = {
  /** Not within contract, price on request or not available. */
  NOT_ORDERABLE: 'CART_NOT_ORDERABLE',
  /** More than can still be added: `quantity.maximumAllowed` with values.count. */
  QUANTITY_OVER_STOCK: 'CART_QUANTITY_ABOVE_STOCK',
  /** The cart holds the maximum already: `quantity.maximumReached` with values.count. */
  MAXIMUM_REACHED: 'CART_MAXIMUM_REACHED',
} as const;

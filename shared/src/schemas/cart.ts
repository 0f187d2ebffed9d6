// Contracts of the cart API: one cart per signed-in customer, priced for the shop of the request.
// Server-safe: no React here.
import * as v from 'valibot';
import { IdSchema, inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { CentsSchema, PriceSchema } from './money';
import { StockStateSchema } from './stock';
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
  nsn: v.nullable(v.string()),
  /** The stock state the catalogue shows. */
  stock: StockStateSchema,
  /** unit_price × quantity; null when there is no price (price on request). */
  line_total: v.nullable(PriceSchema),
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
  /** The lowest "free from" threshold (excl. VAT) for the caller's default delivery country; null: none. */
  shipping_free_from_excl_vat: v.nullable(CentsSchema),
  /** What is still missing to reach it (0 when reached); null when there is no threshold. */
  shipping_free_missing_excl_vat: v.nullable(CentsSchema),
});
export type Cart = v.InferOutput<typeof CartSchema>;

/** Body of PUT /api/v1/cart/items/:productId: the line's new quantity (capped by stock). */
export const SetCartQuantitySchema = v.strictObject({ quantity: QuantitySchema });
export type SetCartQuantity = v.InferOutput<typeof SetCartQuantitySchema>;

/** Body of POST /api/v1/cart/merge: the anonymous session whose cart joins the signed-in cart. */
export const CartMergeRequestSchema = v.strictObject({
  anonymous_token: v.pipe(inputString(M.required), v.nonEmpty(M.required), v.maxLength(4096, M.tooBigString)),
});
export type CartMergeRequest = v.InferOutput<typeof CartMergeRequestSchema>;

/** Why a merged line changed. */
export const CART_MERGE_CHANGE_KINDS = ['not_in_contract', 'quantity_reduced', 'not_available'] as const;
export const CartMergeChangeSchema = v.object({
  product_id: IdSchema,
  name: v.string(),
  kind: v.picklist(CART_MERGE_CHANGE_KINDS),
  requested: v.pipe(v.number(), v.integer()),
  kept: v.pipe(v.number(), v.integer()),
});
export type CartMergeChange = v.InferOutput<typeof CartMergeChangeSchema>;

/** Answer of POST /api/v1/cart/merge: the merged cart and what changed on the way. */
export const CartMergeResultSchema = v.object({
  cart: CartSchema,
  changes: v.array(CartMergeChangeSchema),
  /**
   * How many of the visitor's lines joined the cart: 0 when the visitor had chosen nothing (a fresh
   * browser), and the sign-in then says nothing about products chosen before (issue 32).
   */
  merged: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CartMergeResult = v.InferOutput<typeof CartMergeResultSchema>;

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
  /** The product is not in the cart (PUT/DELETE of a line). */
  LINE_NOT_FOUND: 'CART_LINE_NOT_FOUND',
  /** The anonymous token to merge is not a valid anonymous session. */
  MERGE_TOKEN_INVALID: 'CART_MERGE_TOKEN_INVALID',
} as const;

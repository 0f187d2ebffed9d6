// Shared order lists (issue 33, decision 056): named lists of products and quantities, private to
// their author or shared with the organisation; ordered in full or in part into the cart.
import * as v from 'valibot';
import { IdSchema, inputString, NullableTextSchema, requiredText, TimestampSchema, UuidSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { PriceSchema } from './money';
import { QuantitySchema } from './product';
import { StockStateSchema } from './stock';

/** Longest list (lines), and most lists an organisation's member adds lines to at once. */
export const MAX_ORDER_LIST_LINES = 500;

/** Stable codes of the order-list endpoints. */
export const ORDER_LIST_ERRORS = {
  /** No such list for this caller (another organisation's, or another user's private list). */
  NOT_FOUND: 'ORDER_LIST_NOT_FOUND',
  /** Renaming, sharing and deleting are for the list's author and the organisation's administrators. */
  NOT_MANAGER: 'ORDER_LIST_NOT_MANAGER',
  /** Provider staff: lists are the buyers'. */
  CUSTOMERS_ONLY: 'ORDER_LIST_CUSTOMERS_ONLY',
  /** A web-shop customer (no organisation): lists belong to an organisation. */
  ORGANISATION_ONLY: 'ORDER_LIST_ORGANISATION_ONLY',
  /** A product the caller's shop does not show. */
  PRODUCT_NOT_FOUND: 'ORDER_LIST_PRODUCT_NOT_FOUND',
  /** The product is not on the list. */
  LINE_NOT_FOUND: 'ORDER_LIST_LINE_NOT_FOUND',
  /** The list would hold more than MAX_ORDER_LIST_LINES products. */
  TOO_MANY_LINES: 'ORDER_LIST_TOO_MANY_LINES',
} as const;

const noteSchema = v.optional(v.pipe(inputString(M.invalidText), v.trim(), v.maxLength(500, M.tooBigString)));

/** One product to put on a list. */
export const OrderListLineInputSchema = v.strictObject({
  product_id: UuidSchema,
  quantity: QuantitySchema,
  note: noteSchema,
});
export type OrderListLineInput = v.InferInput<typeof OrderListLineInputSchema>;

const linesInput = v.pipe(v.array(OrderListLineInputSchema, M.required), v.maxLength(MAX_ORDER_LIST_LINES, M.tooBigArray));

/** Make a list: a name, shared or not, and its first lines (a product page's product, a past order's lines). */
export const OrderListCreateSchema = v.strictObject({
  name: requiredText(120),
  shared: v.optional(v.boolean(), false),
  lines: v.optional(linesInput, []),
});
export type OrderListCreate = v.InferInput<typeof OrderListCreateSchema>;

/** Rename and/or share or unshare. */
export const OrderListUpdateSchema = v.pipe(
  v.strictObject({ name: v.optional(requiredText(120)), shared: v.optional(v.boolean()) }),
  v.check((u) => u.name !== undefined || u.shared !== undefined, M.required),
);
export type OrderListUpdate = v.InferInput<typeof OrderListUpdateSchema>;

/** Add lines: a product already on the list gets the quantity added. */
export const OrderListAddLinesSchema = v.strictObject({
  lines: v.pipe(linesInput, v.minLength(1, M.tooSmallArray)),
});
export type OrderListAddLines = v.InferInput<typeof OrderListAddLinesSchema>;

/** Change one line's quantity and note. */
export const OrderListLineUpdateSchema = v.strictObject({ quantity: QuantitySchema, note: noteSchema });
export type OrderListLineUpdate = v.InferInput<typeof OrderListLineUpdateSchema>;

/** Order the list into the cart: every line, or the chosen products. */
export const OrderListOrderSchema = v.strictObject({
  product_ids: v.optional(v.pipe(v.array(UuidSchema, M.required), v.minLength(1, M.tooSmallArray), v.maxLength(MAX_ORDER_LIST_LINES, M.tooBigArray))),
});
export type OrderListOrder = v.InferInput<typeof OrderListOrderSchema>;

export const OrderListIdParamsSchema = v.object({ id: UuidSchema });
export const OrderListLineParamsSchema = v.object({ id: UuidSchema, productId: UuidSchema });

/**
 * Why a line cannot be ordered (as it is) today: left the contract range (or the shop), out of
 * stock, price on request, or fewer in stock than the list asks for (`short_of_stock`: the rest goes in).
 */
export const ORDER_LIST_FLAGS = ['not_in_contract', 'out_of_stock', 'price_on_request', 'short_of_stock'] as const;
export const OrderListFlagSchema = v.picklist(ORDER_LIST_FLAGS);
export type OrderListFlag = v.InferOutput<typeof OrderListFlagSchema>;

export const OrderListLineSchema = v.object({
  product_id: IdSchema,
  /** The product page's slug; null when the shop no longer shows the product. */
  slug: NullableTextSchema,
  name: v.string(),
  article_code: v.string(),
  quantity: v.pipe(v.number(), v.integer()),
  note: NullableTextSchema,
  unit_price: v.nullable(PriceSchema),
  stock: v.nullable(StockStateSchema),
  /** Most that can go in the cart now. */
  max_quantity: v.pipe(v.number(), v.integer()),
  /** Null: can be ordered as it is. */
  flag: v.nullable(OrderListFlagSchema),
});
export type OrderListLine = v.InferOutput<typeof OrderListLineSchema>;

export const OrderListSummarySchema = v.object({
  id: IdSchema,
  name: v.string(),
  shared: v.boolean(),
  owner_name: v.string(),
  /** The caller made it. */
  mine: v.boolean(),
  /** The caller may rename, share and delete it (its author, an administrator). */
  can_manage: v.boolean(),
  line_count: v.pipe(v.number(), v.integer()),
  updated_at: TimestampSchema,
});
export type OrderListSummary = v.InferOutput<typeof OrderListSummarySchema>;

export const OrderListsSchema = v.object({ items: v.array(OrderListSummarySchema) });
export type OrderLists = v.InferOutput<typeof OrderListsSchema>;

export const OrderListDetailSchema = v.object({ ...OrderListSummarySchema.entries, lines: v.array(OrderListLineSchema) });
export type OrderListDetail = v.InferOutput<typeof OrderListDetailSchema>;

/** What ordering a list put in the cart and what it could not (with why). */
export const OrderListOrderResultSchema = v.object({
  added: v.array(v.object({ product_id: IdSchema, quantity: v.pipe(v.number(), v.integer()) })),
  not_added: v.array(
    v.object({
      product_id: IdSchema,
      name: v.string(),
      article_code: v.string(),
      reason: OrderListFlagSchema,
      requested: v.pipe(v.number(), v.integer()),
      added: v.pipe(v.number(), v.integer()),
    }),
  ),
});
export type OrderListOrderResult = v.InferOutput<typeof OrderListOrderResultSchema>;

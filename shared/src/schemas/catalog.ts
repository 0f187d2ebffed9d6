// Contracts of the catalogue API (issue 7): the products index with its filters, sort, search and
// facets, the product detail, quick order and the signed-in dashboard widgets (the cart: cart.ts).
// Server-safe: no React here.
import * as v from 'valibot';
import { IdSchema, NullableTextSchema, TimestampSchema, inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { MedicalDeviceSchema } from './medical-device';
import { MAX_LINE_QUANTITY, ProductSchema, ProductSummarySchema } from './product';
import { SHOP_TYPES } from './shops';

/** Sort options of spec section 9, plus `relevance` (the default while searching). */
export const CATALOG_SORTS = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Bundles only / products only / both (spec section 9). */
export const CATALOG_KINDS = ['all', 'products', 'bundles'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** Products per page unless asked otherwise, and the most a page may hold. */
export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 96;
/** Totals are counted up to this many; beyond it the API says "more than". */
export const CATALOG_COUNT_LIMIT = 1_000;

const SLUG_LIST = /^[a-z0-9-]+(,[a-z0-9-]+)*$/;
/** A comma-separated list of slugs in a query string (`brand=nordwall,lumeq`). */
const SlugListSchema = v.pipe(
  inputString(),
  v.maxLength(1000, M.tooBigString),
  v.regex(SLUG_LIST, M.invalidRegex),
  v.transform((s) => [...new Set(s.split(','))]),
);
const positiveInt = (max: number) =>
  v.pipe(inputString(), v.regex(/^\d{1,6}$/, M.invalidRegex), v.transform(Number), v.minValue(1, M.tooSmallNumber), v.maxValue(max, M.tooBigNumber));

/** Query of GET /api/v1/catalog/products and /catalog/facets; the same keys are the page's URL. */
export const CatalogQuerySchema = v.strictObject({
  q: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(100, M.tooBigString))),
  brand: v.optional(SlugListSchema),
  category: v.optional(SlugListSchema),
  sub_category: v.optional(SlugListSchema),
  group: v.optional(SlugListSchema),
  kind: v.optional(v.picklist(CATALOG_KINDS, M.invalidValue)),
  sort: v.optional(v.picklist(CATALOG_SORTS, M.invalidValue)),
  page: v.optional(positiveInt(100_000)),
  page_size: v.optional(positiveInt(CATALOG_MAX_PAGE_SIZE)),
});
export type CatalogQuery = v.InferOutput<typeof CatalogQuerySchema>;

/** A product in the index, with what the add-to-cart control needs. */
export const CatalogProductSummarySchema = v.object({
  ...ProductSummarySchema.entries,
  product_code: NullableTextSchema,
  nsn: NullableTextSchema,
  unit: v.string(),
  /** Whether it can be put in the cart now (in contract, priced, available). */
  orderable: v.boolean(),
  /** Most that can be ordered (stock, or the line maximum on backorder); 0 when not orderable. */
  max_quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CatalogProductSummary = v.InferOutput<typeof CatalogProductSummarySchema>;

/** One page of the products index. */
export const CatalogPageSchema = v.object({
  items: v.array(CatalogProductSummarySchema),
  page: v.pipe(v.number(), v.integer()),
  page_size: v.pipe(v.number(), v.integer()),
  /** Matches, counted up to CATALOG_COUNT_LIMIT. */
  total: v.pipe(v.number(), v.integer()),
  /** True when there are more than `total` matches. */
  total_capped: v.boolean(),
  /** `portal` (contract prices) or the public shop the list prices come from. */
  shop: v.picklist(SHOP_TYPES),
});
export type CatalogPage = v.InferOutput<typeof CatalogPageSchema>;

/** One value of a facet and how many products it would give with the other filters applied. */
export const FacetValueSchema = v.object({ slug: v.string(), name: v.string(), count: v.pipe(v.number(), v.integer()) });
export type FacetValue = v.InferOutput<typeof FacetValueSchema>;

/** Facet counts: each facet is counted with every filter except its own. */
export const CatalogFacetsSchema = v.object({
  brand: v.array(FacetValueSchema),
  category: v.array(FacetValueSchema),
  sub_category: v.array(FacetValueSchema),
  group: v.array(FacetValueSchema),
  kind: v.object({ products: v.pipe(v.number(), v.integer()), bundles: v.pipe(v.number(), v.integer()) }),
});
export type CatalogFacets = v.InferOutput<typeof CatalogFacetsSchema>;

/** The product detail (spec section 2) as the catalogue API sends it. */
export const CatalogProductSchema = v.object({
  ...ProductSchema.entries,
  product_code: NullableTextSchema,
  nsn: NullableTextSchema,
  unit: v.string(),
  orderable: v.boolean(),
  max_quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  related: v.array(CatalogProductSummarySchema),
  recommended: v.array(CatalogProductSummarySchema),
  bundles: v.array(v.object({ id: IdSchema, slug: v.string(), name: v.string() })),
  bundle_items: v.array(v.object({ product_id: IdSchema, slug: v.string(), name: v.string(), quantity: v.pipe(v.number(), v.integer()) })),
  /** Its identity as a medical device (decision 070); null: not one. Optional for older cached answers. */
  medical_device: v.optional(v.nullable(MedicalDeviceSchema)),
});
export type CatalogProduct = v.InferOutput<typeof CatalogProductSchema>;

/** One line typed or uploaded in quick order: an article code, product code or NSN, and a quantity. */
export const QuickOrderLineSchema = v.strictObject({
  code: v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(40, M.tooBigString)),
  quantity: v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(1, M.tooSmallNumber), v.maxValue(MAX_LINE_QUANTITY, M.tooBigNumber)),
});
export type QuickOrderLine = v.InferOutput<typeof QuickOrderLineSchema>;

export const QuickOrderRequestSchema = v.strictObject({
  lines: v.pipe(v.array(QuickOrderLineSchema), v.minLength(1, M.required), v.maxLength(200, M.tooBigArray)),
});

/** How a quick-order line resolved against the caller's contract. */
export const QUICK_ORDER_STATUSES = ['found', 'not_within_contract', 'unknown', 'above_stock', 'not_orderable'] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

export const QuickOrderResultLineSchema = v.object({
  code: v.string(),
  quantity: v.pipe(v.number(), v.integer()),
  status: v.picklist(QUICK_ORDER_STATUSES),
  product: v.nullable(CatalogProductSummarySchema),
});
export const QuickOrderResultSchema = v.object({ lines: v.array(QuickOrderResultLineSchema) });
export type QuickOrderResult = v.InferOutput<typeof QuickOrderResultSchema>;

/** Most products a dashboard widget may ask for, and how many it gets unless it asks. */
export const WIDGET_MAX_ITEMS = 12;
export const WIDGET_DEFAULT_ITEMS = 6;

/** Query of the widget endpoints: ?limit=1..12 (string in the query), default 6. */
export const CatalogWidgetQuerySchema = v.strictObject({ limit: v.optional(positiveInt(WIDGET_MAX_ITEMS)) });
export type CatalogWidgetQuery = v.InferOutput<typeof CatalogWidgetQuerySchema>;

const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A product the organisation ordered before, with how often, how many and when last. */
export const FrequentlyOrderedItemSchema = v.object({
  product: CatalogProductSummarySchema,
  /** Placed orders of the organisation that contain it. */
  times_ordered: CountSchema,
  /** Quantity over those orders. */
  total_quantity: CountSchema,
  last_ordered_at: TimestampSchema,
});
export type FrequentlyOrderedItem = v.InferOutput<typeof FrequentlyOrderedItemSchema>;

/** GET /api/v1/catalog/widgets/frequently-ordered: most orders first, then quantity, then most recent. */
export const FrequentlyOrderedSchema = v.object({ items: v.array(FrequentlyOrderedItemSchema) });
export type FrequentlyOrdered = v.InferOutput<typeof FrequentlyOrderedSchema>;

/** A product that entered the caller's contract recently. */
export const NewInContractItemSchema = v.object({ product: CatalogProductSummarySchema, added_at: TimestampSchema });
export type NewInContractItem = v.InferOutput<typeof NewInContractItemSchema>;

/** GET /api/v1/catalog/widgets/new-in-contract: newest first, added at or after `since`. */
export const NewInContractSchema = v.object({
  items: v.array(NewInContractItemSchema),
  /** Start of the window (90 days before the request). */
  since: TimestampSchema,
});
export type NewInContract = v.InferOutput<typeof NewInContractSchema>;

/** Stable error codes of the catalogue API (the cart's are CART_ERRORS). */
export const CATALOG_ERRORS = {
  PRODUCT_NOT_FOUND: 'CATALOG_PRODUCT_NOT_FOUND',
  /** X-Shop-Type missing, unknown, or not `portal` where the contract is needed. */
  SHOP_REQUIRED: 'CATALOG_SHOP_REQUIRED',
  /** The contract range (and the cart) need a signed-in customer. */
  LOGIN_REQUIRED: 'CATALOG_LOGIN_REQUIRED',
  /** A signed-in provider employee (case manager, sales consultant): the range and cart are customers'. */
  CUSTOMERS_ONLY: 'CATALOG_CUSTOMERS_ONLY',
} as const;

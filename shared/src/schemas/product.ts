import * as v from 'valibot';
import { IdSchema, NullableTextSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { PriceSchema } from './money';
import { StockStateSchema } from './stock';

// The sizes and URLs of product images live in a module without valibot, for the UI component.
export * from './image-urls';

/** NATO Stock Number: 4-2-3-4 digits, e.g. 6545-01-532-3674. */
export const NsnSchema = v.pipe(v.string(), v.regex(/^\d{4}-?\d{2}-?\d{3}-?\d{4}$/, M.invalidRegex));

/** Stable error codes of the image API. */
export const IMAGE_ERRORS = {
  /** No image has this content hash. */
  NOT_FOUND: 'IMAGE_NOT_FOUND',
  /** A width or format outside IMAGE_WIDTHS and IMAGE_FORMATS. */
  BAD_VARIANT: 'IMAGE_BAD_VARIANT',
} as const;

/** Content hash of an image: sha-256, lower-case hex. */
export const ImageHashSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, M.invalidRegex));

/** Path parameters of GET /api/v1/images/:hash/:variant (`640.webp`). */
export const ImageParamsSchema = v.object({
  hash: ImageHashSchema,
  variant: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}\.[a-z]{3,4}$/, M.invalidRegex),
    v.transform((s) => {
      const [width, format] = s.split('.');
      return { width: Number(width), format: format! };
    }),
  ),
});

/**
 * One product image in the request's language. `path` is content-addressed (it changes when the
 * image does), so every variant below it is cached for a year; `width`/`height` are the original's,
 * for the aspect ratio (no layout shift).
 */
export const ProductImageSchema = v.object({
  path: v.string(),
  alt: v.string(),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ProductImage = v.InferOutput<typeof ProductImageSchema>;

/** A product as lists and links show it. */
export const ProductSummarySchema = v.object({
  id: IdSchema,
  slug: v.string(),
  name: v.string(),
  brand: NullableTextSchema,
  article_code: v.string(),
  image_url: NullableTextSchema,
  /** The first image, or null (the lists show a placeholder). */
  image: v.optional(v.nullable(ProductImageSchema)),
  /** Null when the price is on request. */
  price: v.nullable(PriceSchema),
  stock_state: StockStateSchema,
  is_bundle: v.boolean(),
});
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;

/** One technical specification line. */
export const TechnicalSpecSchema = v.object({ label: v.string(), value: v.string() });

/** A product with everything the detail page shows (spec section 2). */
export const ProductSchema = v.object({
  ...ProductSummarySchema.entries,
  product_code: NullableTextSchema,
  nsn: v.nullable(NsnSchema),
  colour: NullableTextSchema,
  size: NullableTextSchema,
  dimensions: NullableTextSchema,
  diameter: NullableTextSchema,
  volume: NullableTextSchema,
  weight: NullableTextSchema,
  units: NullableTextSchema,
  description: NullableTextSchema,
  category: NullableTextSchema,
  sub_category: NullableTextSchema,
  product_group: NullableTextSchema,
  /** Units on hand; null when not disclosed. */
  stock_level: v.nullable(v.pipe(v.number(), v.integer())),
  /** The bundles this product belongs to. */
  bundles: v.array(v.object({ id: IdSchema, slug: v.string(), name: v.string() })),
  /** For a bundle: what it contains. */
  bundle_items: v.array(v.object({ product_id: IdSchema, name: v.string(), quantity: v.pipe(v.number(), v.integer()) })),
  related: v.array(ProductSummarySchema),
  recommended: v.array(ProductSummarySchema),
  technical_specs: v.array(TechnicalSpecSchema),
  technical_sheet_url: NullableTextSchema,
  /** Every image in gallery order (empty: a placeholder). */
  images: v.optional(v.array(ProductImageSchema)),
});
export type Product = v.InferOutput<typeof ProductSchema>;

/** Largest quantity of one line (a typo guard; stock limits are checked separately). */
export const MAX_LINE_QUANTITY = 9999;

/** A quantity typed by the customer. */
export const QuantitySchema = v.pipe(
  v.number(M.required),
  v.integer(M.invalidValue),
  v.minValue(1, M.tooSmallNumber),
  v.maxValue(MAX_LINE_QUANTITY, M.tooBigNumber),
);

/** A quantity that may not exceed the stock: "You can add maximum {count}". */
export function quantityWithinStock(stock: number) {
  return v.pipe(QuantitySchema, v.maxValue(stock, M.maximumAllowed));
}

/** One line of an order or a cart. */
export const OrderLineSchema = v.object({
  product_id: IdSchema,
  name: v.string(),
  brand: NullableTextSchema,
  article_code: v.string(),
  product_code: NullableTextSchema,
  nsn: NullableTextSchema,
  colour: NullableTextSchema,
  size: NullableTextSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unit_price: PriceSchema,
  total: PriceSchema,
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

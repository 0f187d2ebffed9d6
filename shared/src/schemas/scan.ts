// Scan to order (issue 42, decision 075): what a scanned GTIN, with its lot where the code carries
// one, answers in the buyer's contract. The element string is read in the browser (the GS1 parser);
// the API is given the GTIN and the lot, never the raw scan.
import * as v from 'valibot';
import { inputString } from './fields';
import { CatalogProductSummarySchema } from './catalog';
import { GtinSchema } from './gtin';

/** Stable error codes of the GTIN lookup (here, not in CATALOG_ERRORS: schemas/shop is on every catalogue first screen). */
export const SCAN_ERRORS = {
  /** A scanned or typed GTIN whose last digit is not its GS1 check digit. */
  GTIN_CHECK_DIGIT: 'CATALOG_GTIN_CHECK_DIGIT',
} as const;

/** GS1 AI (10), a batch or lot: 1 to 20 characters of GS1's character set 82. */
export const LotSchema = v.pipe(
  inputString(),
  v.minLength(1),
  v.maxLength(20, 'a lot has at most 20 characters'),
  v.regex(/^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/, "a lot has GS1's character set 82 only"),
);

/** Params and query of GET /api/v1/catalog/gtin/:gtin?lot= */
export const GtinParamsSchema = v.strictObject({ gtin: GtinSchema });
export const GtinLookupQuerySchema = v.strictObject({ lot: v.optional(LotSchema) });

/** How a scanned GTIN resolved: quick order's statuses for one unit (catalog.ts QUICK_ORDER_STATUSES). */
export const GTIN_LOOKUP_STATUSES = ['found', 'not_within_contract', 'unknown', 'not_orderable'] as const;

export const GtinLookupSchema = v.object({
  /** The GTIN as its 14 digits. */
  gtin: v.pipe(v.string(), v.regex(/^\d{14}$/)),
  status: v.picklist(GTIN_LOOKUP_STATUSES),
  /**
   * The product as the catalogue shows it in the contract: null when unknown (or another
   * organisation's contract-only product); outside the contract it has no price.
   */
  product: v.nullable(CatalogProductSummarySchema),
  /** The recall the scanned lot is under (only asked when a lot is given), or null. */
  recall: v.nullable(v.object({ reference: v.string() })),
});
export type GtinLookup = v.InferOutput<typeof GtinLookupSchema>;

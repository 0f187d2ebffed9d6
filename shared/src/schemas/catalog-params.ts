// Path and query schemas only the catalogue API reads (the pages build these URLs, never parse
// them): outside catalog.ts, so the shop schemas entry the shell and the catalog load stays small.
import * as v from 'valibot';
import { inputString } from './fields';
import { SHOP_TYPES } from './shops';

/** Path of the product detail and its technical sheet: `/v1/catalog/products/:slug`. */
export const ProductSlugParamsSchema = v.object({ slug: v.pipe(inputString(), v.maxLength(200)) });

/** Query of the technical sheet: plain links cannot send X-Shop-Type, so they may name the shop. */
export const TechnicalSheetQuerySchema = v.strictObject({ shop: v.optional(v.picklist(SHOP_TYPES)) });

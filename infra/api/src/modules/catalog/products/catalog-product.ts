// One product row as the API shows it: price with and without VAT, stock display state (spec
// section 4) and what can be ordered (spec section 5).
import { imageUrl, MAX_LINE_QUANTITY, type CatalogProductSummary, type Price, type ProductImage, type QuickOrderStatus, type StockState } from '@portal/shared/schemas';
import * as v from 'valibot';
import { inclVat } from '../../../common/vat/price';
import { images, productImages, products, productTranslations } from '../tables';
import { rowShape, type RowOf } from '../../../db/typed-rows';
import type { CatalogScope } from './catalog-scope';
import type { Taxonomy } from './taxonomy';

/** An image link as the queries select it, the alt text already in the locale (decision 040). */
export const imageRow = rowShape({ hash: productImages.imageHash, width: images.width, height: images.height, alt: v.nullable(v.string()) });
export type ImageRow = RowOf<typeof imageRow>;

/**
 * The columns of SUMMARY_COLUMNS plus the scope's price and contract membership (catalog-scope.ts
 * summarySelect): the row shape of every catalogue listing (decision 040).
 */
export const summaryRow = rowShape({
  id: products.id,
  slug: products.slug,
  kind: products.kind,
  article_code: products.articleCode,
  product_code: products.productCode,
  nsn: products.nsn,
  brand_id: products.brandId,
  unit: products.unit,
  active: products.active,
  stock_level: products.stockLevel,
  low_stock_threshold: products.lowStockThreshold,
  backorder_allowed: products.backorderAllowed,
  price_on_request: products.priceOnRequest,
  vat_rate_bp: products.vatRateBp,
  name: productTranslations.name,
  /** The contract's price in the portal (null outside the contract), the list price in a shop. */
  price_cents: v.nullable(v.pipe(v.number(), v.integer())),
  in_contract: v.boolean(),
  /** The first image (catalog-scope.ts firstImageColumn), a json object. */
  image: v.nullable(v.object({ hash: v.string(), width: v.number(), height: v.number(), alt: v.nullable(v.string()) })),
});
export type SummaryRow = RowOf<typeof summaryRow>;

/** The public path of an image; its variants are `<path>/<width>.<format>` (images module). */
export const imagePath = (hash: string) => `/api/v1/images/${hash}`;

export const toImage = (row: ImageRow): ProductImage => ({ path: imagePath(row.hash), alt: row.alt ?? '', width: row.width, height: row.height });

/**
 * Excl. and incl. VAT in cents for one unit, as the catalogue shows it; the VAT rounded as the VAT
 * rule rounds (common/vat, decision 058). A cart's or an order's amounts are never this × quantity:
 * they are priced by the rule on the line's net amount.
 */
export function priceOf(cents: number | null, vatRateBp: number): Price | null {
  if (cents === null) return null;
  return { excl_vat: cents, incl_vat: inclVat(cents, vatRateBp), vat_rate: vatRateBp / 100 };
}

export interface Availability {
  state: StockState;
  orderable: boolean;
  /** The most one cart may hold of it. */
  maxQuantity: number;
}

/**
 * The display state, in order of precedence: outside the contract, no price, withdrawn, then stock.
 * Backorder lifts the stock limit to the line maximum; without it the stock is the limit.
 */
export function availability(row: SummaryRow, scope: CatalogScope): Availability {
  const no = (state: StockState): Availability => ({ state, orderable: false, maxQuantity: 0 });
  // The contract range, or a contract customer's user in a public shop (scope.buyerContractId).
  const contractBound = scope.shop === 'portal' || scope.buyerContractId !== undefined;
  if (contractBound && !row.in_contract) return no('not_within_contract');
  if (row.price_cents === null || row.price_on_request) return no('price_on_request');
  if (!row.active) return no('not_available');
  const limit = row.backorder_allowed ? MAX_LINE_QUANTITY : Math.min(row.stock_level, MAX_LINE_QUANTITY);
  if (row.stock_level > row.low_stock_threshold) return { state: 'in_stock', orderable: true, maxQuantity: limit };
  if (row.stock_level > 0) return { state: 'low_stock', orderable: true, maxQuantity: limit };
  if (row.backorder_allowed) return { state: 'backorder', orderable: true, maxQuantity: limit };
  return no('not_available');
}

/**
 * How a product found by its code answers a buyer who wants `quantity` of it (quick order, scan to
 * order): outside the contract, not orderable, more than can be ordered, or found.
 */
export function lineStatus(row: SummaryRow, scope: CatalogScope, quantity: number): Exclude<QuickOrderStatus, 'unknown'> {
  const a = availability(row, scope);
  if (a.state === 'not_within_contract') return 'not_within_contract';
  if (!a.orderable) return 'not_orderable';
  return quantity > a.maxQuantity ? 'above_stock' : 'found';
}

export function toSummary(row: SummaryRow, scope: CatalogScope, taxonomy: Taxonomy): CatalogProductSummary {
  const a = availability(row, scope);
  const showPrice = a.state !== 'not_within_contract' && a.state !== 'price_on_request';
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: taxonomy.brandById.get(row.brand_id)?.name ?? null,
    article_code: row.article_code,
    product_code: row.product_code,
    nsn: row.nsn,
    image_url: row.image ? imageUrl(imagePath(row.image.hash), 640, 'jpeg') : null,
    image: row.image ? toImage(row.image) : null,
    unit: row.unit,
    price: showPrice ? priceOf(row.price_cents, row.vat_rate_bp) : null,
    stock_state: a.state,
    is_bundle: row.kind === 'bundle',
    orderable: a.orderable,
    max_quantity: a.maxQuantity,
  };
}

// The product detail's fields (spec sections 2 and 3), formatted for the reader's locale.
import { udiDiOf, type CatalogProduct, type CatalogProductSummary, type ProductImage } from '@portal/shared/schemas';
import { products, productTranslations } from '../tables';
import { rowShape, type RowOf } from '../../../db/typed-rows';
import { summaryRow, toSummary } from './catalog-product';
import type { CatalogLocale, CatalogScope } from './catalog-scope';
import { colourName, UNIT_NAMES } from './vocabulary';
import type { Taxonomy } from './taxonomy';

/** The detail's row: a summary and the product's own fields (decision 040). */
export const detailRow = rowShape({
  ...summaryRow,
  category_id: products.categoryId,
  product_group_id: products.productGroupId,
  colour: products.colour,
  size: products.size,
  length_mm: products.lengthMm,
  width_mm: products.widthMm,
  height_mm: products.heightMm,
  diameter_mm: products.diameterMm,
  volume_ml: products.volumeMl,
  weight_g: products.weightG,
  units_per_package: products.unitsPerPackage,
  technical_specs: products.technicalSpecs,
  gtin: products.gtin,
  udi_di: products.udiDi,
  mdr_class: products.mdrClass,
  implantable: products.implantable,
  single_use: products.singleUse,
  description: productTranslations.description,
});
export type DetailRow = RowOf<typeof detailRow>;

const TAGS: Record<CatalogLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };

function measure(locale: CatalogLocale, value: number | null, unit: string, big?: { factor: number; unit: string }): string | null {
  if (value === null) return null;
  const fmt = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 2 });
  if (big && value >= big.factor) return `${fmt.format(value / big.factor)} ${big.unit}`;
  return `${fmt.format(value)} ${unit}`;
}

/**
 * The products whose stock a detail shows (itself, its related and recommended products; its bundles
 * and items too, to be safe): a stock change of another product leaves its cached answer valid.
 */
export const productsShownIn = (product: CatalogProduct | null): string[] =>
  product
    ? [product.id, ...product.related.map((r) => r.id), ...product.recommended.map((r) => r.id), ...product.bundles.map((b) => b.id), ...product.bundle_items.map((i) => i.product_id)]
    : [];

/** `material` → `Material`, `battery_life` → `Battery life`. */
const label = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/[_-]+/g, ' ');

/** The public path of a product's technical sheet (a PDF the API generates). */
export const sheetPath = (slug: string) => `/api/v1/catalog/products/${encodeURIComponent(slug)}/technical-sheet`;

export function describeProduct(
  row: DetailRow,
  scope: CatalogScope,
  tax: Taxonomy,
  extra: Pick<CatalogProduct, 'bundles' | 'bundle_items'> & { related: CatalogProductSummary[]; recommended: CatalogProductSummary[]; images?: ProductImage[] },
): CatalogProduct {
  const summary = toSummary(row, scope, tax);
  const l = scope.locale;
  const sub = tax.categoryById.get(row.category_id);
  const family = sub?.parentId ? tax.categoryById.get(sub.parentId) : undefined;
  const dims = [row.length_mm, row.width_mm, row.height_mm];
  const disclosed = summary.orderable && summary.stock_state !== 'backorder';
  return {
    ...summary,
    colour: row.colour === null ? null : colourName(row.colour, l),
    size: row.size,
    dimensions: dims.every((d) => d !== null) ? `${dims.join(' × ')} mm` : null,
    diameter: measure(l, row.diameter_mm, 'mm'),
    volume: measure(l, row.volume_ml, 'ml', { factor: 1000, unit: 'l' }),
    weight: measure(l, row.weight_g, 'g', { factor: 1000, unit: 'kg' }),
    units: `${row.units_per_package} × ${UNIT_NAMES[row.unit]?.[l] ?? row.unit}`,
    description: row.description || null,
    category: family?.name[l] ?? null,
    sub_category: sub?.name[l] ?? null,
    product_group: row.product_group_id ? (tax.groupById.get(row.product_group_id)?.name[l] ?? null) : null,
    stock_level: disclosed ? row.stock_level : null,
    technical_specs: Object.entries(row.technical_specs ?? {})
      // Colour and size are fields of their own (older data also listed them as specs: twice).
      .filter(([k]) => k !== 'colour' && k !== 'size')
      .map(([k, spec]) => (typeof spec === 'object' ? { label: spec.label[l], value: spec.value[l] } : { label: label(k), value: String(spec) })),
    technical_sheet_url: sheetPath(row.slug),
    medical_device: row.mdr_class
      ? { udi_di: udiDiOf({ udiDi: row.udi_di, gtin: row.gtin }), mdr_class: row.mdr_class, implantable: row.implantable, single_use: row.single_use }
      : null,
    images: summary.image ? [summary.image] : [],
    ...extra,
  };
}

// The product detail in one statement (issue 31): the product's row with its bundles, bundle items,
// related and recommended products and images as JSON arrays beside it. It was six statements (the
// row, then five in parallel), each planned on its own; at 1M products, ten buyers at once spent
// more time planning them and waiting for a pool connection than executing them (BENCHMARKS.md).
// Every list is scoped like the row (anyProductFrom): another organisation's contract-only product,
// or one outside the visitor's shop, is left out, as its own detail is a 404.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { productTranslations, products } from '../tables';
import { rowShape, toRows, type RowOf } from '../../../db/typed-rows';
import { imageRow, summaryRow } from './catalog-product';
import { anyProductFrom, summarySelect, type CatalogScope } from './catalog-scope';
import { detailRow } from './product-detail';

/** Most related (or recommended, or bundles) shown on a detail. */
const LIST_LIMIT = 24;

const linkRow = rowShape({ id: products.id, slug: products.slug, name: productTranslations.name });
const bundleItemRow = rowShape({ product_id: products.id, slug: products.slug, name: productTranslations.name, quantity: v.pipe(v.number(), v.integer()) });
const jsonList = v.array(v.record(v.string(), v.unknown()));

/** The statement's row: the detail row and its lists (JSON arrays, mapped by `listsOf`). */
export const detailWithListsRow = rowShape({
  ...detailRow,
  bundles: jsonList,
  bundle_items: jsonList,
  related: jsonList,
  recommended: jsonList,
  images: jsonList,
});

/** Summaries of the products `ids` selects (a subquery on `d.id`), in name order, as a JSON array. */
function summaries(scope: CatalogScope, ids: SQL): SQL {
  return sql`(select coalesce(json_agg(s order by s.ord), '[]'::json) from (
      select ${summarySelect(scope)}, row_number() over (order by lower(t.name), p.id) as ord
      from ${anyProductFrom(scope)} and p.id in (${ids}) order by lower(t.name), p.id limit ${LIST_LIMIT}) s)`;
}

/** The product with the slug in the scope, and its lists: one row, or none when the scope may not see it. */
export function detailQuery(scope: CatalogScope, slug: string): SQL {
  return sql`with d as (
      select ${summarySelect(scope)}, p.category_id, p.product_group_id, p.colour, p.size, p.length_mm, p.width_mm,
             p.height_mm, p.diameter_mm, p.volume_ml, p.weight_g, p.units_per_package, p.technical_specs,
             p.gtin, p.udi_di, p.mdr_class, p.implantable, p.single_use, t.description
      from ${anyProductFrom(scope)} and p.slug = ${slug})
    select d.*,
      (select coalesce(json_agg(b order by b.ord), '[]'::json) from (
         select p.id, p.slug, t.name, row_number() over (order by lower(t.name), p.id) as ord
         from ${anyProductFrom(scope)} and p.id in (select bundle_id from bundle_lines where product_id = d.id)
         order by lower(t.name), p.id limit ${LIST_LIMIT}) b) as bundles,
      (select coalesce(json_agg(json_build_object('product_id', p.id, 'slug', p.slug, 'name', t.name,
                'quantity', (select sum(bl.quantity)::int from bundle_lines bl where bl.bundle_id = d.id and bl.product_id = p.id)) order by t.name), '[]'::json)
         from ${anyProductFrom(scope)} and p.id in (select product_id from bundle_lines where bundle_id = d.id)) as bundle_items,
      ${summaries(scope, sql`select related_product_id from product_relations where product_id = d.id and kind = 'related'`)} as related,
      ${summaries(scope, sql`select related_product_id from product_relations where product_id = d.id and kind = 'recommended'`)} as recommended,
      (select coalesce(json_agg(json_build_object('hash', pi.image_hash, 'width', i.width, 'height', i.height, 'alt', pi.alt ->> ${scope.locale}) order by pi.position), '[]'::json)
         from product_images pi join images i on i.hash = pi.image_hash where pi.product_id = d.id) as images
    from d`;
}

const withoutOrd = (list: Record<string, unknown>[]) => list.map(({ ord: _ord, ...rest }) => rest);

/** The lists of the statement's row, typed (and checked outside production) like rows of their own. */
export function listsOf(row: RowOf<typeof detailWithListsRow>) {
  return {
    bundles: toRows(linkRow, withoutOrd(row.bundles)),
    bundle_items: toRows(bundleItemRow, row.bundle_items),
    related: toRows(summaryRow, withoutOrd(row.related)),
    recommended: toRows(summaryRow, withoutOrd(row.recommended)),
    images: toRows(imageRow, row.images),
  };
}

// A large generated catalogue for benchmarks (100 000 or 1 000 000 products), written by the
// database itself: one INSERT … SELECT generate_series per batch, products and their three
// translations in the same statement. No rows travel through Node.
import { count as countAll, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { typedRows } from '../db/typed-rows';

const ids = v.nullable(v.array(v.number()));

export interface LargeCatalogueOptions {
  /** Products to add. */
  count: number;
  /** `count` is the wanted total of generated products: only the missing ones are added (kept benchmark databases). */
  upToCount?: boolean;
  /** Products per statement (default 50 000). */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Adds `count` generated products (article codes GEN-…), after any generated before. Needs the taxonomy (demo seed). */
export async function generateLargeCatalogue(db: Db, options: LargeCatalogueOptions): Promise<{ added: number; total: number }> {
  const { count, batchSize = 50_000 } = options;
  const [taxonomy] = await typedRows(db, { brands: ids, subs: ids, groups: ids, existing: v.number() }, sql`
    select (select array_agg(id order by id) from brands) as brands,
           (select array_agg(id order by id) from categories where parent_id is not null) as subs,
           (select array_agg(id order by id) from product_groups) as groups,
           (select count(*)::int from products where article_code like 'GEN-%') as existing`);
  if (!taxonomy?.brands?.length || !taxonomy.subs?.length || !taxonomy.groups?.length) {
    throw new Error('The large catalogue needs brands, categories and product groups: seed the demo data first');
  }
  const brands = `{${taxonomy.brands.join(',')}}`;
  const subs = `{${taxonomy.subs.join(',')}}`;
  const groups = `{${taxonomy.groups.join(',')}}`;
  const start = taxonomy.existing + 1;
  const end = options.upToCount ? Math.max(taxonomy.existing, count) : taxonomy.existing + count;
  for (let from = start; from <= end; from += batchSize) {
    const to = Math.min(end, from + batchSize - 1);
    await db.execute(sql`
      with params as (
        select ${brands}::int[] as brands, ${subs}::int[] as subs, ${groups}::int[] as groups
      ), inserted as (
        insert into products (kind, slug, article_code, product_code, nsn, brand_id, category_id, product_group_id, shop,
                              colour, size, weight_g, unit, units_per_package, price_cents, price_on_request, vat_rate_bp,
                              stock_level, low_stock_threshold, backorder_allowed, technical_specs)
        select 'product',
               'generated-product-' || g,
               'GEN-' || lpad(g::text, 7, '0'),
               'GP-' || to_hex(g),
               case when g % 7 = 0 then null else
                 (array['6515','6510','6530','6545','8470','8415','6230','6650','5820','5825','8465','8340'])[1 + g % 12]
                 || '-' || (array['01','12','13','14','17','99'])[1 + (g / 12) % 6]
                 || '-' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0') || '-' || lpad(((g::bigint * 104729) % 10000)::text, 4, '0') end,
               p.brands[1 + g % array_length(p.brands, 1)],
               p.subs[1 + (g / 3) % array_length(p.subs, 1)],
               p.groups[1 + g % array_length(p.groups, 1)],
               (array['medical','tactical','both'])[1 + g % 3]::shop,
               (array['Black','Coyote brown','Olive drab','Navy blue', null])[1 + g % 5],
               (array['S','M','L','XL', null, null])[1 + g % 6],
               50 + (g::bigint * 37) % 5000,
               'piece', 1,
               case when g % 20 = 7 then null else 200 + (g::bigint * 7919) % 250000 end,
               g % 20 = 7,
               case when g % 4 = 0 then 600 else 2100 end,
               case when g % 20 in (0, 2, 3) then 0 when g % 20 in (4, 5, 6) then 1 + g % 5 else 10 + (g::bigint * 31) % 900 end,
               5,
               g % 20 in (2, 3),
               jsonb_build_object('generated', 'true', 'batch', ${from}::int)
        from generate_series(${from}::int, ${to}::int) as g, params p
        returning id, article_code
      )
      insert into product_translations (product_id, locale, name, description)
      select i.id, l.locale, l.prefix || ' ' || i.article_code, l.description
      from inserted i
      cross join (values ('en', 'Generated product', 'Generated for benchmarks.'),
                         ('nl', 'Gegenereerd product', 'Gegenereerd voor benchmarks.'),
                         ('fr', 'Produit généré', 'Généré pour les bancs d''essai.')) as l(locale, prefix, description)`);
    // A third of the generated products joins the first demo contract (the hospital's), at 90 % of
    // the list price, so that the contract range is large too (issue 7 benchmarks). They joined over
    // the last two years, so "new in contract" meets a contract that keeps growing, not one whose
    // whole range arrived today.
    await db.execute(sql`
      insert into contract_prices (contract_id, product_id, price_cents, added_at)
      select c.id, p.id, p.price_cents * 9 / 10, now() - ((substr(p.article_code, 5)::bigint * 7919) % 730) * interval '1 day'
      from products p, (select id from contracts order by number limit 1) c
      where p.article_code between ${`GEN-${String(from).padStart(7, '0')}`} and ${`GEN-${String(to).padStart(7, '0')}`}
        and substr(p.article_code, 5)::int % 3 = 0
      on conflict do nothing`);
    options.onProgress?.(to - start + 1, end - start + 1);
  }
  // Fresh statistics, or the planner judges a million new rows by an empty table.
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_translations`);
  await db.execute(sql`analyze contract_prices`);
  const [total] = await db.select({ n: countAll() }).from(products);
  return { added: end - start + 1, total: total!.n };
}

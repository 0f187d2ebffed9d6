// The supplier's products written into the catalogue (issue 29, decision 049). The catalogue owns
// its tables (decision 039): the imports module hands a batch of checked records to this port.
// A batch is a handful of multi-row statements whatever its size (the rows travel as one jsonb
// parameter, unpacked by jsonb_to_recordset: the same on PostgreSQL and PGlite), so the catalogue's
// statement triggers (facet counts, the cache's NOTIFY, decision 042) fire once per statement, not
// once per row. A product is only written for a higher `version` than the stored one:
// `ON CONFLICT (article_code) DO UPDATE … WHERE products.source_version < excluded.source_version`.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { IMPORT_ERRORS, gtinCheckDigitOk, type ProductRecord } from '@portal/shared/schemas';
import type { ImportOutcome } from '../../imports/contract';
import type { Tx } from '../../../db/client';
import { brands, categories, products } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { newestPerKey } from './newest-version';

type Line = { lineNo: number; record: ProductRecord };

const codeRow = rowShape({ article_code: products.articleCode });
const slugRow = rowShape({ slug: products.slug, article_code: products.articleCode });
const categoryRow = rowShape({ id: categories.id, slug: categories.slug });
const brandRow = rowShape({ id: brands.id, slug: brands.slug });
const upsertedRow = rowShape({ id: products.id, article_code: products.articleCode, inserted: v.boolean() });

/** A URL-safe name: lower case, runs of anything else than letters and digits as one dash. */
export const slugOf = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'x';

const refuse = (lineNo: number, code: string, message: string): ImportOutcome => ({ lineNo, result: 'refused', code, message });

/** The checks that need the database: taxonomy, bundle components, addresses. Answers the refused lines. */
async function refusals(tx: Tx, lines: Line[], categoryIds: Map<string, number>): Promise<ImportOutcome[]> {
  const out: ImportOutcome[] = [];
  const ok = new Set<number>();
  for (const { lineNo, record } of lines) {
    if (record.gtin && !gtinCheckDigitOk(record.gtin)) out.push(refuse(lineNo, IMPORT_ERRORS.GTIN_CHECK_DIGIT, `GTIN ${record.gtin}: the last digit is not its GS1 check digit`));
    else if (!categoryIds.has(record.category)) out.push(refuse(lineNo, IMPORT_ERRORS.UNKNOWN_CATEGORY, `No sub-category with the code ${record.category}`));
    else if (record.bundle?.some((c) => c.article_code === record.article_code)) out.push(refuse(lineNo, IMPORT_ERRORS.INVALID_RECORD, 'bundle: a bundle cannot contain itself'));
    else ok.add(lineNo);
  }
  // Components: known to the catalogue, or sent (and not refused) in this batch. A bundle sent
  // before its components in another batch is refused; the sender puts components first.
  const inBatch = new Set(lines.filter((l) => ok.has(l.lineNo)).map((l) => l.record.article_code));
  const wanted = [...new Set(lines.flatMap((l) => (ok.has(l.lineNo) ? (l.record.bundle ?? []).map((c) => c.article_code) : [])))].filter((c) => !inBatch.has(c));
  const known = new Set(wanted.length ? (await typedRows(tx, codeRow, sql`select article_code from products where article_code in ${wanted}`)).map((r) => r.article_code) : []);
  for (const { lineNo, record } of lines) {
    if (!ok.has(lineNo)) continue;
    const missing = (record.bundle ?? []).map((c) => c.article_code).filter((c) => !inBatch.has(c) && !known.has(c));
    if (missing.length) {
      ok.delete(lineNo);
      out.push(refuse(lineNo, IMPORT_ERRORS.UNKNOWN_COMPONENT, `Unknown component(s): ${missing.slice(0, 5).join(', ')}; send components before their bundle`));
    }
  }
  // A new product's slug (from its article code) must be free; an existing product keeps its own.
  const slugs = new Map(lines.filter((l) => ok.has(l.lineNo)).map((l) => [l.record.article_code, slugOf(l.record.article_code)]));
  const taken = slugs.size ? await typedRows(tx, slugRow, sql`select slug, article_code from products where slug in ${[...new Set(slugs.values())]}`) : [];
  const holder = new Map(taken.map((r) => [r.slug, r.article_code]));
  for (const { lineNo, record } of lines) {
    if (!ok.has(lineNo)) continue;
    const slug = slugs.get(record.article_code)!;
    const owner = holder.get(slug);
    if (owner !== undefined && owner !== record.article_code) {
      out.push(refuse(lineNo, IMPORT_ERRORS.SLUG_TAKEN, `The address ${slug} belongs to the product ${owner}`));
      ok.delete(lineNo);
    } else holder.set(slug, record.article_code);
  }
  return out;
}

/** The newest line per article code (newest-version.ts); the others are answered unchanged. */
function newestPerCode(lines: Line[]): { newest: Line[]; superseded: ImportOutcome[] } {
  const { newest, superseded } = newestPerKey(lines, (l) => l.record.article_code);
  return { newest, superseded: superseded.map((lineNo) => ({ lineNo, result: 'unchanged' })) };
}

export async function importProducts(tx: Tx, lines: Line[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const categorySlugs = [...new Set(lines.map((l) => l.record.category))];
  const categoryIds = new Map(
    (await typedRows(tx, categoryRow, sql`select id, slug from categories where parent_id is not null and slug in ${categorySlugs}`)).map((r) => [r.slug, r.id]),
  );
  const refused = await refusals(tx, lines, categoryIds);
  const refusedLines = new Set(refused.map((r) => r.lineNo));
  const { newest, superseded } = newestPerCode(lines.filter((l) => !refusedLines.has(l.lineNo)));
  if (!newest.length) return [...refused, ...superseded];

  // Brands by name: a new one is added (the PIM's brand list is the truth).
  const brandList = [...new Map(newest.map((l) => [slugOf(l.record.brand), l.record.brand])).entries()].map(([slug, name]) => ({ slug, name }));
  await tx.execute(sql`insert into brands (slug, name) select slug, name from jsonb_to_recordset(${JSON.stringify(brandList)}::jsonb) as x(slug text, name text)
                       order by slug on conflict (slug) do nothing`);
  const brandIds = new Map(
    (await typedRows(tx, brandRow, sql`select id, slug from brands where slug in ${brandList.map((b) => b.slug)}`)).map((r) => [r.slug, r.id]),
  );

  const rows = newest.map(({ record: r }) => ({
    article_code: r.article_code,
    slug: slugOf(r.article_code),
    kind: r.bundle ? 'bundle' : 'product',
    brand_id: brandIds.get(slugOf(r.brand)),
    category_id: categoryIds.get(r.category),
    shop: r.shop,
    unit: r.unit,
    price_cents: r.price_cents,
    price_on_request: r.price_cents === null,
    vat_rate_bp: r.vat_rate_bp,
    vat_category: r.vat_category,
    gtin: r.gtin,
    nsn: r.nsn,
    udi_di: r.udi_di,
    mdr_class: r.mdr_class,
    implantable: r.implantable,
    single_use: r.single_use,
    active: r.active,
    contract_only: r.contract_only,
    technical_specs: r.specs,
    source_version: r.version,
  }));
  // Rows in article-code order: two imports lock the rows they share in the same order.
  rows.sort((a, b) => (a.article_code < b.article_code ? -1 : a.article_code > b.article_code ? 1 : 0));
  // The texts travel with the products, keyed by article code. A product the statement inserted
  // (xmax = 0) has no translations yet: its texts are plainly inserted in the same statement (no
  // speculative insertion, no comparison: a third of an import's time, BENCHMARKS.md); an updated
  // product's texts are upserted after it.
  const texts = newest.flatMap(({ record: r }) =>
    (['en', 'nl', 'fr'] as const).map((locale) => ({ article_code: r.article_code, locale, name: r.translations[locale].name, description: r.translations[locale].description })),
  );
  const upserted = await typedRows(
    tx,
    upsertedRow,
    sql`with written as (
          insert into products as p (article_code, slug, kind, brand_id, category_id, shop, unit, price_cents, price_on_request, vat_rate_bp, vat_category,
                                     gtin, nsn, udi_di, mdr_class, implantable, single_use, active, contract_only, technical_specs, source_version)
          select article_code, slug, kind::product_kind, brand_id, category_id, shop::shop, unit, price_cents, price_on_request, vat_rate_bp, vat_category,
                 gtin, nsn, udi_di, mdr_class, implantable, single_use, active, contract_only, technical_specs, source_version
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(article_code text, slug text, kind text, brand_id int, category_id int, shop text,
                 unit text, price_cents int, price_on_request boolean, vat_rate_bp int, vat_category text, gtin text, nsn text, udi_di text, mdr_class text, implantable boolean, single_use boolean, active boolean,
                 contract_only boolean, technical_specs jsonb, source_version bigint)
          on conflict (article_code) do update set
            kind = excluded.kind, brand_id = excluded.brand_id, category_id = excluded.category_id, shop = excluded.shop, unit = excluded.unit,
            price_cents = excluded.price_cents, price_on_request = excluded.price_on_request, vat_rate_bp = excluded.vat_rate_bp,
            vat_category = excluded.vat_category, gtin = excluded.gtin, nsn = excluded.nsn, udi_di = excluded.udi_di, mdr_class = excluded.mdr_class,
            implantable = excluded.implantable, single_use = excluded.single_use, active = excluded.active,
            contract_only = excluded.contract_only, technical_specs = excluded.technical_specs, source_version = excluded.source_version, updated_at = now()
          where p.source_version is null or p.source_version < excluded.source_version
          returning p.id, p.article_code, p.xmax = 0 as inserted
        ), new_texts as (
          insert into product_translations (product_id, locale, name, description)
          select w.id, t.locale, t.name, t.description
          from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as t(article_code text, locale text, name text, description text)
          join written w on w.article_code = t.article_code and w.inserted
        )
        select id, article_code, inserted from written`,
  );
  const written = new Map(upserted.map((r) => [r.article_code, r.id]));
  const applied = newest.filter((l) => written.has(l.record.article_code));

  if (applied.length) {
    const updated = new Set(upserted.filter((r) => !r.inserted).map((r) => r.article_code));
    const changedTexts = texts.filter((t) => updated.has(t.article_code)).map(({ article_code, ...t }) => ({ product_id: written.get(article_code), ...t }));
    if (changedTexts.length) {
      await tx.execute(sql`insert into product_translations (product_id, locale, name, description)
                           select product_id, locale, name, description from jsonb_to_recordset(${JSON.stringify(changedTexts)}::jsonb)
                             as x(product_id uuid, locale text, name text, description text)
                           on conflict (product_id, locale) do update set name = excluded.name, description = excluded.description
                           where (product_translations.name, product_translations.description) is distinct from (excluded.name, excluded.description)`);
    }
    // A written product's bundle lines are the record's: an updated product's old lines go (a new
    // one has none), its new ones come.
    const ids = [...updated].map((code) => written.get(code)!);
    if (ids.length) await tx.execute(sql`delete from bundle_lines where bundle_id in (select id::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as t(id))`);
    const bundleRows = applied.flatMap(({ record: r }) => (r.bundle ?? []).map((c) => ({ bundle_id: written.get(r.article_code), component: c.article_code, quantity: c.quantity })));
    if (bundleRows.length) {
      await tx.execute(sql`insert into bundle_lines (bundle_id, product_id, quantity)
                           select x.bundle_id, p.id, sum(x.quantity)::int from jsonb_to_recordset(${JSON.stringify(bundleRows)}::jsonb) as x(bundle_id uuid, component text, quantity int)
                           join products p on p.article_code = x.component group by x.bundle_id, p.id`);
    }
  }
  const appliedLines = new Set(applied.map((l) => l.lineNo));
  return [
    ...refused,
    ...superseded,
    ...newest.map((l): ImportOutcome => ({ lineNo: l.lineNo, result: appliedLines.has(l.lineNo) ? 'applied' : 'unchanged' })),
  ];
}

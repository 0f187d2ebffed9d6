// Issue 19: English leaked into the Dutch and French catalogue (colour "Black", "1 × piece",
// "Cuff: Adult 22-32 cm") and every spec row was listed twice. Every product of both web shops is
// read in en, nl and fr; a Dutch or French value identical to the English one fails unless it is a
// code, a brand, a number with its unit, or a word the language really shares with English.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogProductSchema, type CatalogProduct } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { query } from '../../../test-support/demo-buyers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UNITS = new Set(['mm', 'cm', 'm', 'km', 'kg', 'g', 'l', 'ml', 'h', 'w', 'v', 'mah', 'lm', 'lux', 'db', 'mhz', 'k', 'µm', '°c', '%', 'x', '×', 'fr', 'spo2']);
/** Words Dutch or French write exactly as English does (checked against a dictionary of each). */
const SHARED_WORDS: Record<'nl' | 'fr', Set<string>> = {
  nl: new Set(['tourniquets', 'hydrogel', 'filters', 'sensor', 'connector', 'indicator', 'filter', 'nomex', 'polyester', 'li-ion', 'volume', 'mils', 'arm', 'gen', 'cordura', 'galileo', 'headsets']),
  fr: new Set(['protection', 'volume', 'modes', 'application', 'kaolin', 'hydrogel', 'carton', 'nomex', 'polyester', 'li-ion', 'dimensions', 'polycarbonate', 'gen', 'continu', 'cordura', 'galileo', 'radios']),
};

/** True when every token of the value is a number, a code, a unit, a brand or a shared word. */
function isLanguageFree(value: string, locale: 'nl' | 'fr', brands: Set<string>): boolean {
  if (brands.has(value)) return true;
  return value
    .split(/[\s,/()]+/)
    .filter(Boolean)
    .every((token) => {
      const lower = token.toLowerCase();
      return (
        /^[-+±]?[\d.,:×x%°–-]+$/.test(token) || // numbers, ranges, ratios
        /^[A-Z0-9][A-Z0-9+-]*$/.test(token) || // codes and standards: NIJ, IIIA, AES-256, PMR446
        /^\d+[a-zA-Z]+$/.test(token) || // 500D, 8x
        UNITS.has(lower) ||
        brands.has(token) ||
        SHARED_WORDS[locale].has(lower)
      );
    });
}

const FIELDS = ['colour', 'units', 'category', 'sub_category', 'product_group', 'size'] as const;

async function detail(slug: string, shop: string, lang: string): Promise<CatalogProduct> {
  const res = await t.app.inject({ url: `/api/v1/catalog/products/${slug}`, headers: { 'x-shop-type': shop, 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogProductSchema, res.json());
}

describe('the catalogue in Dutch and French', () => {
  it('shows no English value that is not a code, a brand or a number, and no spec row twice', async () => {
    const products = await query<{ slug: string; shop: string }>(
      t.app,
      sql`select slug, case when shop = 'tactical' then 'tactical' else 'medical' end as shop
          from products where not contract_only and active order by article_code`,
    );
    expect(products.length).toBeGreaterThan(60);
    const brands = new Set((await query<{ name: string }>(t.app, sql`select name from brands`)).map((b) => b.name));
    const leaks: string[] = [];
    for (const { slug, shop } of products) {
      const en = await detail(slug, shop, 'en');
      for (const locale of ['nl', 'fr'] as const) {
        const other = await detail(slug, shop, locale);
        const labels = other.technical_specs.map((s) => s.label);
        expect(new Set(labels).size, `${slug} ${locale}: a spec row twice`).toBe(labels.length);
        for (const field of FIELDS) {
          if (field === 'colour' || field === 'size') expect(labels, `${slug}: ${field} is a field, not also a spec row`).not.toContain(en[field] ?? '\u0000');
          const a = en[field];
          const b = other[field];
          if (a && a === b && !isLanguageFree(a, locale, brands)) leaks.push(`${locale} ${slug} ${field}: ${a}`);
        }
        en.technical_specs.forEach((spec, i) => {
          const translated = other.technical_specs[i];
          if (!translated) return;
          if (spec.label === translated.label && !isLanguageFree(spec.label, locale, brands)) leaks.push(`${locale} ${slug} spec label: ${spec.label}`);
          if (spec.value === translated.value && !isLanguageFree(spec.value, locale, brands)) leaks.push(`${locale} ${slug} spec ${spec.label}: ${spec.value}`);
        });
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  }, 240_000);
});

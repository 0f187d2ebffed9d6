// Brands, categories and product groups: a few dozen rows read on every catalogue request, so they
// are cached per app for a minute (filters turn slugs into ids here, facets turn ids into names).
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { I18nText } from '../../db/schema/catalogue';

export interface TaxonomyEntry {
  id: number;
  slug: string;
  name: I18nText;
  parentId: number | null;
}

export interface Taxonomy {
  brands: { id: number; slug: string; name: string }[];
  brandById: Map<number, { id: number; slug: string; name: string }>;
  /** Families (top level) and sub-categories. */
  categories: TaxonomyEntry[];
  categoryById: Map<number, TaxonomyEntry>;
  groups: TaxonomyEntry[];
  groupById: Map<number, TaxonomyEntry>;
}

const TTL_MS = 60_000;

export function createTaxonomyCache(db: Db) {
  let cached: { at: number; value: Promise<Taxonomy> } | undefined;
  async function load(): Promise<Taxonomy> {
    const [brands, categories, groups] = await Promise.all([
      rows<{ id: number; slug: string; name: string }>(db, sql`select id, slug, name from brands order by name`),
      rows<{ id: number; slug: string; name: I18nText; parent_id: number | null }>(
        db,
        sql`select id, slug, name, parent_id from categories order by sort_order, id`,
      ),
      rows<{ id: number; slug: string; name: I18nText }>(db, sql`select id, slug, name from product_groups order by id`),
    ]);
    const cats = categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name, parentId: c.parent_id }));
    const grps = groups.map((g) => ({ ...g, parentId: null }));
    return {
      brands,
      brandById: new Map(brands.map((b) => [b.id, b])),
      categories: cats,
      categoryById: new Map(cats.map((c) => [c.id, c])),
      groups: grps,
      groupById: new Map(grps.map((g) => [g.id, g])),
    };
  }
  return {
    get(): Promise<Taxonomy> {
      if (!cached || Date.now() - cached.at > TTL_MS) {
        const value = load();
        cached = { at: Date.now(), value };
        value.catch(() => (cached = undefined));
      }
      return cached.value;
    },
  };
}
export type TaxonomyCache = ReturnType<typeof createTaxonomyCache>;

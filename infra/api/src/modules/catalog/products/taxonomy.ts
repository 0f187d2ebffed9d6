// Brands, categories and product groups: a few dozen rows read on every catalogue request, so they
// are cached per app for a minute (filters turn slugs into ids here, facets turn ids into names).
import type { Db } from '../../../db/client';
import { brands as brandsTable, categories as categoriesTable, productGroups, type I18nText } from '../tables';

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
      db.select({ id: brandsTable.id, slug: brandsTable.slug, name: brandsTable.name }).from(brandsTable).orderBy(brandsTable.name),
      db
        .select({ id: categoriesTable.id, slug: categoriesTable.slug, name: categoriesTable.name, parentId: categoriesTable.parentId })
        .from(categoriesTable)
        .orderBy(categoriesTable.sortOrder, categoriesTable.id),
      db.select({ id: productGroups.id, slug: productGroups.slug, name: productGroups.name }).from(productGroups).orderBy(productGroups.id),
    ]);
    const cats = categories;
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

// The index state lives in the URL (filters, sort, search, page), so a link or the back button
// restores it. Keys are the API's query keys; lists are comma-separated slugs.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@portal/shared/router';
import { CATALOG_KINDS, CATALOG_SORTS, type CatalogKind, type CatalogSort } from '@portal/shared/schemas/shop';

export const LIST_KEYS = ['brand', 'category', 'sub_category', 'group'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export interface CatalogParams {
  q: string;
  lists: Record<ListKey, string[]>;
  kind: CatalogKind;
  sort: CatalogSort | null;
  page: number;
}

export function readParams(params: URLSearchParams): CatalogParams {
  const list = (key: ListKey) => (params.get(key) ?? '').split(',').filter((s) => /^[a-z0-9-]+$/.test(s));
  const kind = params.get('kind');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    lists: { brand: list('brand'), category: list('category'), sub_category: list('sub_category'), group: list('group') },
    kind: (CATALOG_KINDS as readonly string[]).includes(kind ?? '') ? (kind as CatalogKind) : 'all',
    sort: (CATALOG_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CatalogSort) : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The API query of the state (the page size is the API's default). */
export function toApiQuery(p: CatalogParams): Record<string, string | number | undefined> {
  return {
    q: p.q || undefined,
    brand: p.lists.brand.join(',') || undefined,
    category: p.lists.category.join(',') || undefined,
    sub_category: p.lists.sub_category.join(',') || undefined,
    group: p.lists.group.join(',') || undefined,
    kind: p.kind === 'all' ? undefined : p.kind,
    sort: p.sort ?? undefined,
    page: p.page > 1 ? p.page : undefined,
  };
}

/** Reads and changes the index state in the URL; any change but paging goes back to page 1. */
export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readParams(search), [search]);
  const update = useCallback(
    (change: Partial<Record<string, string | null>>) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in change)) next.delete('page');
        return next;
      });
    },
    [setSearch],
  );
  const toggle = useCallback(
    (key: ListKey, slug: string) => {
      const current = state.lists[key];
      const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
      update({ [key]: next.join(',') || null });
    },
    [state, update],
  );
  const clear = useCallback(() => {
    setSearch((prev) => {
      const next = new URLSearchParams();
      // The shop of a one-origin deployment is not a filter.
      const shop = prev.get('shop');
      if (shop) next.set('shop', shop);
      return next;
    });
  }, [setSearch]);
  return { state, update, toggle, clear };
}

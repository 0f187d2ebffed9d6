// The index state lives in the URL (filters, sort, search, page), so a link or the back button
// restores it. Keys are the API's query keys; lists are comma-separated slugs. The rule that reads
// the URL is shared (`readCatalogParams`): the gateway reads a shop page's URL with it (decision 030).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@portal/shared/router';
import { readCatalogParams, type CatalogListKey } from '@portal/shared/schemas/shop';

/** Reads and changes the index state in the URL; any change but paging goes back to page 1. */
export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readCatalogParams(search), [search]);
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
    (key: CatalogListKey, slug: string) => {
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

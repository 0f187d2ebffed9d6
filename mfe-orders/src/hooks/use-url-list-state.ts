// A list page's state in the URL (My orders, Invoices): read with the page's own reader, and changed
// by patches, so a link, a reload or the back button restores it.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@portal/shared/router';

/** `read` turns the URL into the page's state; `update` writes a patch (null or '' removes a key). */
export function useUrlListState<T extends { page: number }>(read: (search: URLSearchParams) => T) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => read(search), [read, search]);
  /** Any change but paging goes back to page 1. */
  const update = useCallback(
    (patch: Partial<T>) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries({ ...patch, ...('page' in patch ? {} : { page: null }) })) {
          if (value === null || value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setSearch],
  );
  return { state, update, search: search.toString() };
}

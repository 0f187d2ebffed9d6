// The catalogue's read cache (decision 042): index pages, facets and product details, per instance,
// keyed by the scope (shop, contract, locale), the normalised query and a generation that moves on
// every catalogue change. Migration 0013's statement triggers on every catalogue table NOTIFY
// `portal_catalog` when the writing transaction commits; each instance LISTENs and, on a
// notification, starts a new generation (the old entries are dropped; after a stock-only update,
// only the answers that show stock: the facets stay). So a change shows on every
// instance as soon as the notification reaches it (milliseconds after the commit), whoever wrote it
// (the API, an import, a seed, psql). While the listening connection is down the cache is bypassed,
// since notifications may be missed. Concurrent misses of one key share one query.
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { CatalogScope } from './catalog-scope';

export const CATALOG_CHANNEL = 'portal_catalog';
/** The kind of answer that shows no stock level (kept when only stock changes). */
const STOCK_FREE = 'facets';

export interface CatalogCache {
  /** The cached answer for the key in the scope, or `load()`'s (cached when the generation did not move meanwhile). */
  get<T>(kind: string, scope: CatalogScope, query: object, load: () => Promise<T>): Promise<T>;
  /** Stops listening (before the database closes). */
  close(): Promise<void>;
}

/** The query in a fixed key order, so that `?a=1&b=2` and `?b=2&a=1` share an entry. */
function canonical(query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** `max`: entries kept (least recently used go first); 0: no cache, every read goes to the database. */
export async function createCatalogCache(database: Pick<Database, 'listen'>, options: { max?: number } = {}): Promise<CatalogCache> {
  const max = options.max ?? 2000;
  if (max === 0) return { get: (_kind, _scope, _query, load) => load(), close: async () => undefined };
  const entries = new LRUCache<string, Promise<unknown>>({ max });
  let generation = 0;
  let listening = false;
  const change = () => {
    generation += 1;
    entries.clear();
  };
  // Stock levels only (payload 'stock'): facet counts do not show stock, so they stay.
  const stockChange = () => {
    generation += 1;
    for (const key of [...entries.keys()]) if (!key.startsWith(`${STOCK_FREE}|`)) entries.delete(key);
  };
  const stop = await database.listen(CATALOG_CHANNEL, (payload) => (payload === 'stock' ? stockChange() : change()), (up) => {
    // Coming back, notifications may have been missed while down: start over.
    if (up !== listening) change();
    listening = up;
  });
  return {
    async get<T>(kind: string, scope: CatalogScope, query: object, load: () => Promise<T>): Promise<T> {
      if (!listening) return load();
      const key = `${kind}|${scope.shop}|${scope.contractId ?? ''}|${scope.locale}|${canonical(query)}`;
      const hit = entries.get(key);
      if (hit) return hit as Promise<T>;
      const started = generation;
      const pending = load();
      entries.set(key, pending);
      pending.then(
        () => {
          // A change during the load may or may not be in the answer: keep it only for this load's callers.
          if (generation !== started && entries.get(key) === pending) entries.delete(key);
        },
        () => {
          if (entries.get(key) === pending) entries.delete(key);
        },
      );
      return pending;
    },
    close: stop,
  };
}

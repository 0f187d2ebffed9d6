// The catalogue's read cache (decision 042): index pages, facets and product details, per instance,
// keyed by the scope (shop, contract, locale) and the normalised query. Migration 0013's statement triggers on every catalogue table NOTIFY
// `portal_catalog` when the writing transaction commits; each instance LISTENs and, on a
// notification, drops the entries it may change: every one for a change of what a page lists; for
// a stock-only update of a few products (payload `stock:<id>,…`, migration 0033), only the answers
// that show one of those products (an index page's items, a detail and its related products), so
// order placements do not empty the cache; for a larger stock-only update (`stock`), every answer
// that shows stock (the facets stay). An answer still loading when a change arrives is not kept
// for later callers. So a change shows on every
// instance as soon as the notification reaches it (milliseconds after the commit), whoever wrote it
// (the API, an import, a seed, psql). While the listening connection is down the cache is bypassed,
// since notifications may be missed. Concurrent misses of one key share one query.
import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/client';
import type { CatalogScope } from './catalog-scope';

export const CATALOG_CHANNEL = 'portal_catalog';
/** The kind of answer that shows no stock level (kept when only stock changes). */
const STOCK_FREE = 'facets';

export interface CatalogCache {
  /**
   * The cached answer for the key in the scope, or `load()`'s (kept for later callers when no change
   * arrived meanwhile). `productsOf`: the ids of the products whose stock the answer shows; without
   * it, any stock change drops the answer (unless its kind shows no stock).
   */
  get<T>(kind: string, scope: CatalogScope, query: object, load: () => Promise<T>, productsOf?: (answer: T) => Iterable<string>): Promise<T>;
  /** Stops listening (before the database closes). */
  close(): Promise<void>;
}

interface Entry {
  answer: Promise<unknown>;
  stockFree: boolean;
  /** The products whose stock the answer shows; undefined while loading (or when not told). */
  products?: Set<string>;
}

/** What a notification asks to drop: everything, every answer showing stock, or those showing these products. */
export type CatalogChange = { kind: 'all' } | { kind: 'stock'; products: Set<string> | null };

/** The payload of a `portal_catalog` notification (migrations 0013, 0033). */
export function parseChange(payload: string): CatalogChange {
  if (payload === 'stock') return { kind: 'stock', products: null };
  if (payload.startsWith('stock:')) return { kind: 'stock', products: new Set(payload.slice('stock:'.length).split(',').filter(Boolean)) };
  return { kind: 'all' };
}

/** The query in a fixed key order, so that `?a=1&b=2` and `?b=2&a=1` share an entry. */
function canonical(query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * A contract customer's user in a public shop sees what is outside their contract flagged (decision
 * 044): their answers are their contract's, never a visitor's, nor another contract's.
 */
const buyerOf = (scope: CatalogScope): string => (scope.shop !== 'portal' && scope.buyerContractId !== undefined ? `buyer:${scope.buyerContractId ?? 'none'}` : '');

/** Whether a stock change may alter the entry's answer. */
function showsChangedStock(entry: Entry, products: Set<string> | null): boolean {
  if (entry.stockFree) return false;
  if (!products || !entry.products) return true;
  for (const id of entry.products) if (products.has(id)) return true;
  return false;
}

/** `max`: entries kept (least recently used go first); 0: no cache, every read goes to the database. */
export async function createCatalogCache(database: Pick<Database, 'listen'>, options: { max?: number } = {}): Promise<CatalogCache> {
  const max = options.max ?? 2000;
  if (max === 0) return { get: (_kind, _scope, _query, load) => load(), close: async () => undefined };
  const entries = new LRUCache<string, Entry>({ max });
  let listening = false;
  const apply = (change: CatalogChange) => {
    if (change.kind === 'all') return entries.clear();
    // Stock levels only: facet counts and pages of other products do not show them, so they stay.
    for (const [key, entry] of [...entries.entries()]) if (showsChangedStock(entry, change.products)) entries.delete(key);
  };
  const stop = await database.listen(CATALOG_CHANNEL, (payload) => apply(parseChange(payload)), (up) => {
    // Coming back, notifications may have been missed while down: start over.
    if (up !== listening) apply({ kind: 'all' });
    listening = up;
  });
  return {
    async get<T>(kind: string, scope: CatalogScope, query: object, load: () => Promise<T>, productsOf?: (answer: T) => Iterable<string>): Promise<T> {
      if (!listening) return load();
      const key = `${kind}|${scope.shop}|${scope.contractId ?? ''}|${buyerOf(scope)}|${scope.locale}|${canonical(query)}`;
      const hit = entries.get(key);
      if (hit) return hit.answer as Promise<T>;
      const pending = load();
      // While it loads its products are unknown: any change that may alter it removes it, so that
      // later callers load again (those already waiting get this answer).
      const entry: Entry = { answer: pending, stockFree: kind === STOCK_FREE };
      entries.set(key, entry);
      pending.then(
        (answer) => {
          if (productsOf) entry.products = new Set(productsOf(answer));
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return pending;
    },
    close: stop,
  };
}

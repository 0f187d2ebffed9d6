import type { Caller } from '../../../caller';
import type { Db } from '../../../db/client';
import { routeRules } from '../tables';
import type { StoredRule } from './match';

/**
 * The route table is public configuration, small and read on every navigation: it is kept in
 * memory for a few seconds per instance.
 */
export function createRouteRulesRepository(db: Db, ttlMs = 5_000) {
  let cache: { at: number; rules: Promise<StoredRule[]> } | null = null;
  return {
    async all(_caller: Caller): Promise<StoredRule[]> {
      if (!cache || Date.now() - cache.at > ttlMs) {
        const rules = db
          .select({
            pattern: routeRules.pattern,
            redirectTo: routeRules.redirectTo,
            redirectType: routeRules.redirectType,
            redirectStatus: routeRules.redirectStatus,
            middleware: routeRules.middleware,
          })
          .from(routeRules)
          .then((rows) => rows as StoredRule[]);
        cache = { at: Date.now(), rules };
        rules.catch(() => (cache = null));
      }
      return cache.rules;
    },
  };
}
export type RouteRulesRepository = ReturnType<typeof createRouteRulesRepository>;

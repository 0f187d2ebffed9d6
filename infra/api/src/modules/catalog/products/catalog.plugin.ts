import { modulePlugin } from '../../../http/module-plugin';
import { createCatalogCache } from './catalog-cache';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository';
import { registerCatalogRoutes } from './catalog.routes';
import type { LotRecallPort } from '../../recalls/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (decorated on the /api scope): the cart's product port. */
    catalog: CatalogRepository;
  }
}

/** `recalls`: whether a scanned lot is under recall (the recalls owner's port), asked by the GTIN lookup. */
export default modulePlugin<{ recalls: LotRecallPort }>({ name: 'catalog', shares: true }, async (api, { recalls }) => {
  // Catalogue reads cached per instance until the database announces a change (decision 042).
  const cache = await createCatalogCache(api.database, { max: api.apiEnv.catalogCacheEntries });
  api.addHook('preClose', () => cache.close());
  const catalog = createCatalogRepository(api.database.db, cache);
  api.decorate('catalog', catalog);
  registerCatalogRoutes(api, api.routeRegistry, catalog, (gtin, lot) => recalls.recallOf(api.database.db, gtin, lot));
});

import { modulePlugin } from '../../http/module-plugin';
import { createCatalogCache } from './catalog-cache';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository';
import { registerCatalogRoutes } from './catalog.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (decorated on the /api scope): the cart's product port. */
    catalog: CatalogRepository;
  }
}

export default modulePlugin({ name: 'catalog', shares: true }, async (api) => {
  // Catalogue reads cached per instance until the database announces a change (decision 042).
  const cache = await createCatalogCache(api.database, { max: api.apiEnv.catalogCacheEntries });
  api.addHook('preClose', () => cache.close());
  const catalog = createCatalogRepository(api.database.db, cache);
  api.decorate('catalog', catalog);
  registerCatalogRoutes(api, api.routeRegistry, catalog);
});

import { modulePlugin } from '../../http/module-plugin';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository';
import { registerCatalogRoutes } from './catalog.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (decorated on the /api scope): the cart's product port. */
    catalog: CatalogRepository;
  }
}

export default modulePlugin({ name: 'catalog', shares: true }, (api) => {
  const catalog = createCatalogRepository(api.database.db);
  api.decorate('catalog', catalog);
  registerCatalogRoutes(api, api.routeRegistry, catalog);
});

import { modulePlugin } from '../../http/module-plugin';
import { createIntegrationClientsRepository } from './integration-clients.repository';
import { registerIntegrationClientsRoutes } from './integration-clients.routes';
import { createIntegrationClientsService, type IntegrationClientsService } from './integration-clients.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration clients (decorated on the /api scope): the token endpoint's client-credentials grant. */
    integrationClients: IntegrationClientsService;
  }
}

export default modulePlugin({ name: 'integration-clients', shares: true }, (api) => {
  const service = createIntegrationClientsService({ repo: createIntegrationClientsRepository(api.database.db), signer: api.tokenSigner });
  api.decorate('integrationClients', service);
  registerIntegrationClientsRoutes(api, api.routeRegistry, service);
});

import fp from 'fastify-plugin';
import { modulePlugin } from '../../http/module-plugin';
import { demoClientSecret, ensureDemoClient, type DemoIntegrationClient } from './demo-client';
import { createIntegrationClientsRepository } from './integration-clients.repository';
import { registerIntegrationClientsRoutes } from './integration-clients.routes';
import { createIntegrationClientsService, type IntegrationClientsService } from './integration-clients.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration clients (decorated on the /api scope): the token endpoint's client-credentials grant. */
    integrationClients: IntegrationClientsService;
    /** `npm start`'s demo client (id and secret printed beside the demo accounts); null when there is none. */
    demoIntegrationClient: DemoIntegrationClient | null;
  }
}

/** On the root: the demo integration client, kept at start when the environment asks for it (decision 045). */
export const demoIntegrationClient = fp(
  async (app) => {
    const env = app.apiEnv;
    const client = env.demoIntegrationClient ? await ensureDemoClient(createIntegrationClientsRepository(app.database.db), demoClientSecret(env)) : null;
    app.decorate('demoIntegrationClient', client);
  },
  { name: 'demo-integration-client', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'integration-clients', shares: true }, (api) => {
  const service = createIntegrationClientsService({ repo: createIntegrationClientsRepository(api.database.db), signer: api.tokenSigner });
  api.decorate('integrationClients', service);
  registerIntegrationClientsRoutes(api, api.routeRegistry, service);
});

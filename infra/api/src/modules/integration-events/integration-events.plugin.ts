// Order events out (issue 29, decision 051): the routes inside /api, and the webhook dispatcher
// on the root (it runs as a job in every instance; tests call `runOnce()`).
import fp from 'fastify-plugin';
import { modulePlugin } from '../../http/module-plugin';
import { registerIntegrationEventsRoutes } from './integration-events.routes';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher';
import { createWebhooksRepository } from './webhooks.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the webhooks; tests call `runOnce()`. */
    webhookDispatcher: WebhookDispatcher;
  }
}

export const webhookDispatcher = fp(
  async (app) => {
    const dispatcher = createWebhookDispatcher({ db: app.database.db, env: app.apiEnv, log: app.log });
    app.decorate('webhookDispatcher', dispatcher);
    app.addHook('onReady', async () => {
      dispatcher.start();
    });
    app.addHook('preClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'webhook-dispatcher', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'integration-events' }, (api) => {
  const db = api.database.db;
  registerIntegrationEventsRoutes(api, api.routeRegistry, { db, webhooks: createWebhooksRepository(db), production: api.apiEnv.nodeEnv === 'production' });
});

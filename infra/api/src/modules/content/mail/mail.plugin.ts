// The outbox: the dispatcher on the root (it runs as a job; tests call `runOnce()`), and outside
// production the development mailbox inside /api.
import fp from 'fastify-plugin';
import { modulePlugin } from '../../../http/module-plugin';
import { createDispatcher, type AttachmentResolver, type Dispatcher } from './dispatcher';
import { registerMailboxRoutes } from './mailbox.routes';
import { createSmsProvider } from './sms-providers';
import { createLogTransport, createSmtpTransport } from './transports';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the outbox (mail and SMS); tests call `runOnce()`. */
    mailDispatcher: Dispatcher;
  }
}

/** `attachments`: renders a mail's attachment (the order form), given by the composition root. */
export const mailDispatcher = fp<{ attachments: AttachmentResolver }>(
  async (app, { attachments }) => {
    const env = app.apiEnv;
    // Mail over SMTP when configured; otherwise, outside production, a transport that only logs (the
    // dev mailbox shows the mail). In production without SMTP_URL mail waits in the outbox.
    const production = env.nodeEnv === 'production';
    const dispatcher = createDispatcher({
      db: app.database.db,
      env,
      mail: env.smtpUrl ? createSmtpTransport(env.smtpUrl) : production ? null : createLogTransport(app.log),
      sms: createSmsProvider(env, app.log),
      attachments,
      log: app.log,
    });
    app.decorate('mailDispatcher', dispatcher);
    app.addHook('onReady', async () => {
      dispatcher.start();
    });
    app.addHook('preClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'mail-dispatcher', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'mailbox' }, (api) => {
  if (api.apiEnv.nodeEnv !== 'production') registerMailboxRoutes(api, api.database.db, api.apiEnv.publicBaseUrl);
});

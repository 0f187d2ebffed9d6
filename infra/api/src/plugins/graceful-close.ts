// Graceful shutdown: in-flight requests finish, and their keep-alive connections are closed after
// the response instead of holding close() open until the keep-alive timeout.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'graceful-close' },
);

// The validated configuration and the keys derived from the token signing key, decorated on the
// root: every other plugin reads `app.apiEnv` instead of taking the environment as an argument.
import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import { resolveSigningKey, type Env } from '../env';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration the app was built with. */
    apiEnv: Env;
    /** The access-token signing key (JWT_SIGNING_KEY, or the development key in the data directory). */
    signingKey: Uint8Array;
    /** A key for one purpose, derived from (never equal to) the signing key: the same on every instance. */
    deriveKey: (purpose: string) => Uint8Array;
  }
}

export default fp<{ env: Env }>(
  async (app, { env }) => {
    const signingKey = resolveSigningKey(env);
    app.decorate('apiEnv', env);
    app.decorate('signingKey', signingKey);
    app.decorate('deriveKey', (purpose: string) => new Uint8Array(createHmac('sha256', signingKey).update(purpose).digest()));
  },
  { name: 'config' },
);

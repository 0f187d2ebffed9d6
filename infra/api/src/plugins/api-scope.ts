// What every /api route shares, registered first inside the /api scope: problem-details errors,
// the response headers, form bodies, rate limits, the caller, the request context, and the route
// registry the OpenAPI document is built from.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RouteRegistry } from '../http/route';
import { registerCaller } from './caller';
import { registerProblemHandlers } from './problem';
import { registerRequestContext } from './request-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The /api routes declared with defineRoute, for the OpenAPI document. */
    routeRegistry: RouteRegistry;
  }
}

export default fp(
  async (api) => {
    api.decorate('routeRegistry', new RouteRegistry());
    registerProblemHandlers(api);
    api.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      // Answers are data, never a page to sniff, frame or leak a referrer from (decision 016).
      reply.header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer');
    });
    await api.register(formbody, { bodyLimit: 16 * 1024 });
    // Shared counters with several instances: a limit hit on one holds on the others (decision 023).
    const { redis, apiEnv } = api;
    await api.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${apiEnv.redisPrefix}rl:` } : {}) });
    // The access check answered from this instance's cache when it knows the answer (decision 091).
    registerCaller(api, api.tokenSigner, api.accessCache.check);
    registerRequestContext(api, api.database.db);
  },
  { name: 'api-scope', dependencies: ['config', 'database', 'redis', 'access-tokens', 'access-cache'] },
);

// The access check with its per-instance cache (plugins/access-cache.ts, decision 091), decorated on
// the root: the /api scope checks every signed-in request through it, and a test or an owner's code
// path can wait for this instance to have heard a change (`settled`).
import fp from 'fastify-plugin';
import { createAccessCache, type AccessCache } from './access-cache';
import { createAccessState } from './access-state';

declare module 'fastify' {
  interface FastifyInstance {
    /** The access check, cached per instance until a change is announced or the TTL ends (decision 091). */
    accessCache: AccessCache;
  }
}

export default fp(
  async (app) => {
    const cache = await createAccessCache(app.database, createAccessState(app.database.db), { ttlMs: app.apiEnv.accessCacheTtlMs });
    app.decorate('accessCache', cache);
    app.addHook('preClose', () => cache.close());
  },
  { name: 'access-cache', dependencies: ['config', 'database'] },
);

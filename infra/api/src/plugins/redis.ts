// What instances must agree on (limits, throttles, decoys) lives in Redis when configured
// (decision 023); without REDIS_URL the stores are in memory.
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis, redisReady } from '../common/redis';
import { createSharedStores, type SharedStores } from '../common/shared-stores';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared store (REDIS_URL), undefined in the embedded run; readiness pings it (decision 023). */
    redis: Redis | undefined;
    /** Counters and limiters shared by the instances (in memory without Redis). */
    stores: SharedStores;
  }
}

export default fp(
  async (app) => {
    const redis = openRedis(app.apiEnv.redisUrl, app.log);
    app.decorate('redis', redis);
    app.decorate('stores', createSharedStores(redis, app.apiEnv.redisPrefix));
    if (!redis) return;
    app.addHook('onClose', async () => closeRedis(redis));
    // The first requests should not race the connection; a Redis that is down now is not fatal (limits fail closed).
    if (!(await redisReady(redis))) app.log.warn({}, 'redis is not reachable yet: rate-limited routes answer 503 until it is');
  },
  { name: 'redis', dependencies: ['config'] },
);

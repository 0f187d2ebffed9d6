import { createFailureDelays } from '../../../common/throttle';
import { modulePlugin } from '../../../http/module-plugin';
import { createAccountRepository } from './auth.repository';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createDecoyCodes } from './decoy-codes';

export default modulePlugin({ name: 'auth' }, (api) => {
  const { apiEnv: env, redis } = api;
  const decoys = createDecoyCodes({
    maxAttempts: env.loginCodeMaxAttempts,
    ttlMs: env.emailVerificationTtlSeconds * 1000,
    ...(redis ? { redis: { client: redis, prefix: env.redisPrefix } } : {}),
  });
  const service = createAuthService({ repo: createAccountRepository(api.database.db), env, codeKey: api.codeKey, challenges: api.challenges, decoys });
  const delays = createFailureDelays({ baseMs: env.authFailureDelayMs, windowMs: env.tokenFailureWindowSeconds * 1000, counters: api.stores.counters('delay') });
  registerAuthRoutes(api, api.routeRegistry, { service, env, delays });
});

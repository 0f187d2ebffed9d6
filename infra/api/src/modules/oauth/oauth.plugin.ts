import { createLoginThrottle } from '../../common/throttle';
import { modulePlugin } from '../../http/module-plugin';
import { createAuthRepository } from './oauth.repository';
import { registerOAuthRoutes } from './oauth.routes';
import { createOAuthService } from './oauth.service';

export default modulePlugin({ name: 'oauth' }, (api) => {
  const env = api.apiEnv;
  const service = createOAuthService({ repo: createAuthRepository(api.database.db), signer: api.tokenSigner, env, codeKey: api.codeKey, challenges: api.challenges });
  const logins = createLoginThrottle({
    pairLimit: env.tokenFailureLimit,
    accountLimit: env.tokenAccountFailureLimit,
    windowSeconds: env.tokenFailureWindowSeconds,
    baseDelayMs: env.authFailureDelayMs,
    limiter: api.stores.limiter,
  });
  registerOAuthRoutes(api, api.routeRegistry, { service, env, logins });
});

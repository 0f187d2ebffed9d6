import { createLoginThrottle } from '../../../common/throttle';
import { modulePlugin } from '../../../http/module-plugin';
import { createAuthRepository } from './oauth.repository';
import { registerOAuthRoutes, type ClientCredentials } from './oauth.routes';
import { createOAuthService } from './oauth.service';
import { createOrganisationSwitchRepository } from './organisation-switch.repository';
import { registerOrganisationSwitchRoutes } from './organisation-switch.routes';
import { createOrganisationSwitchService } from './organisation-switch.service';

/** `clients`: the integration clients' client-credentials grant (decision 045), given by app.ts. */
export default modulePlugin<{ clients: ClientCredentials }>({ name: 'oauth', dependencies: ['integration-clients'] }, (api, { clients }) => {
  const env = api.apiEnv;
  const service = createOAuthService({ repo: createAuthRepository(api.database.db), signer: api.tokenSigner, env, codeKey: api.codeKey, challenges: api.challenges });
  const logins = createLoginThrottle({
    pairLimit: env.tokenFailureLimit,
    accountLimit: env.tokenAccountFailureLimit,
    windowSeconds: env.tokenFailureWindowSeconds,
    baseDelayMs: env.authFailureDelayMs,
    limiter: api.stores.limiter,
  });
  registerOAuthRoutes(api, api.routeRegistry, { service, env, logins, clients });
  const switches = createOrganisationSwitchService({ repo: createOrganisationSwitchRepository(api.database.db), signer: api.tokenSigner, env });
  registerOrganisationSwitchRoutes(api, api.routeRegistry, switches);
});

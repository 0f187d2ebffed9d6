import { accountRequestLimit } from '../../../env';
import { modulePlugin } from '../../../http/module-plugin';
import { createProfileRepository } from './profile.repository';
import { registerProfileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';

export default modulePlugin({ name: 'profile' }, (api) => {
  const env = api.apiEnv;
  const service = createProfileService({
    repo: createProfileRepository(api.database.db),
    codeKey: api.codeKey,
    settings: { codeTtlSeconds: env.emailVerificationTtlSeconds, maxAttempts: env.loginCodeMaxAttempts, resendCooldownSeconds: env.codeResendCooldownSeconds },
  });
  registerProfileRoutes(api, api.routeRegistry, service, accountRequestLimit(env));
});

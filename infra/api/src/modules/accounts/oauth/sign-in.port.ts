// The oauth module's sign-in for other modules (modules/accounts/contract.ts SignInPort): the punchout's start URL
// signs the procurement identity's user in with the same tokens and session as a password sign-in.
// Built by the composition root (app.ts) from the root's signer and keys.
import type { FastifyInstance } from 'fastify';
import type { SignInPort } from '../contract';
import { createAuthRepository } from './oauth.repository';
import { createOAuthService } from './oauth.service';

export function createSignInPort(app: FastifyInstance): SignInPort {
  const env = app.apiEnv;
  const service = createOAuthService({ repo: createAuthRepository(app.database.db), signer: app.tokenSigner, env, codeKey: app.codeKey, challenges: app.challenges });
  return {
    signInAs: (userId, organisationId, ctx) => service.signInAs(userId, organisationId, env.oauthClientId, ctx, ctx.method),
  };
}

// The access-token signer and the verification-code keys several modules share (oauth, auth,
// profile, cart, payments): one instance each, decorated on the root.
import fp from 'fastify-plugin';
import { createTokenSigner, type TokenSigner } from '../common/access-tokens';
import { createChallenges } from '../common/verification-codes/challenge';

declare module 'fastify' {
  interface FastifyInstance {
    tokenSigner: TokenSigner;
    /** Keys the one-time codes (sign-in, e-mail verification). */
    codeKey: Uint8Array;
    /** The two-factor challenges a sign-in hands to its second step. */
    challenges: ReturnType<typeof createChallenges>;
  }
}

export default fp(
  async (app) => {
    const env = app.apiEnv;
    app.decorate('tokenSigner', createTokenSigner({ key: app.signingKey, issuer: env.jwtIssuer, audience: env.jwtAudience, ttlSeconds: env.accessTokenTtlSeconds }));
    app.decorate('codeKey', app.deriveKey('verification-codes'));
    app.decorate('challenges', createChallenges(app.deriveKey('two-factor-challenges'), env.loginCodeTtlSeconds));
  },
  { name: 'access-tokens', dependencies: ['config'] },
);

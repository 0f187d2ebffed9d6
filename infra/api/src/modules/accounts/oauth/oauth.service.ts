// The four grants of the token endpoint (RFC 6749 + spec section 7).
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { type AccessTokenClaims, AUTH_ERRORS, OAUTH_ERRORS, type TokenRequest, type TokenResponse } from '@portal/shared/schemas';
import { PUBLIC_CALLER } from '../../../caller';
import type { Env } from '../../../env';
import { hashToken, safeEqual } from '../../../common/crypto';
import { maskEmail, maskPhone, type Challenges } from '../../../common/verification-codes/challenge';
import { hashCode, loginCodeMessage, newCode } from '../../../common/verification-codes/codes';
import type { AuthRepository, LoginUser } from './oauth.repository';
import { newRefreshToken, type TokenSigner } from '../../../common/access-tokens';

/** An RFC 6749 error response with our stable code. */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly statusCode: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    readonly code: string,
    message: string,
    /** Counts towards the failure rate limit. */
    readonly countsAsFailure = true,
    /** Extra members of the error body (the two-factor challenge). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
export interface GrantContext {
  ip: string;
  requestId: string;
  log: Log;
  /** Language of the interface that asked (Accept-Language): the two-factor code mail is written in it. */
  locale?: string | undefined;
}

const invalidCredentials = () => new OAuthError(400, 'invalid_grant', AUTH_ERRORS.INVALID_CREDENTIALS, 'Incorrect email or password');

export function createOAuthService(deps: {
  repo: AuthRepository;
  signer: TokenSigner;
  codeKey: Uint8Array;
  challenges: Challenges;
  env: Pick<Env, 'refreshTokenTtlSeconds' | 'refreshSessionMaxSeconds' | 'loginCodeTtlSeconds' | 'loginCodeMaxAttempts' | 'nodeEnv' | 'codeResendCooldownSeconds' | 'smsProvider'>;
}) {
  const { repo, signer, env, codeKey, challenges } = deps;
  const caller = PUBLIC_CALLER;
  // Verifying against a real hash when the user does not exist keeps both paths equally slow.
  const dummyHash = argonHash('not-a-real-password-' + Math.random());

  function claimsFor(user: LoginUser): Omit<AccessTokenClaims, 'sub'> {
    if (user.staffRole) return { org: null, role: user.staffRole };
    return { org: user.organisationId, role: user.membershipRole ?? 'buyer' };
  }

  /** New tokens in a new refresh-token family; `sessionId`: the family (the access token's `sid`). */
  async function start(sub: string, claims: Omit<AccessTokenClaims, 'sub'>, family: { clientId: string; userId?: string; anonymousSessionId?: string }) {
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(Date.now() + env.refreshTokenTtlSeconds * 1000);
    const familyId = await repo.startFamily(caller, { ...family, organisationId: claims.org }, hashToken(refreshToken), expiresAt);
    return { tokens: respond(await signer.sign({ sub, ...claims, sid: familyId }), refreshToken), sessionId: familyId };
  }

  async function issue(sub: string, claims: Omit<AccessTokenClaims, 'sub'>, family: { clientId: string; userId?: string; anonymousSessionId?: string }) {
    return (await start(sub, claims, family)).tokens;
  }

  function respond(accessToken: string, refreshToken: string): TokenResponse {
    return { access_token: accessToken, token_type: 'Bearer', expires_in: signer.ttlSeconds, refresh_token: refreshToken };
  }

  /** A person's mails follow the language of the interface they sign in or renew their session from. */
  async function rememberLanguage(user: { id: string; locale: string }, ctx: Pick<GrantContext, 'locale'>) {
    if (ctx.locale && ctx.locale !== user.locale) await repo.rememberLanguage(caller, user.id, ctx.locale);
  }

  async function signIn(user: LoginUser, clientId: string, ctx: GrantContext, method: string) {
    await rememberLanguage(user, ctx);
    await repo.audit(caller, {
      action: 'auth.sign_in',
      actorUserId: user.id,
      organisationId: user.organisationId,
      data: { method },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return issue(user.id, claimsFor(user), { clientId, userId: user.id });
  }

  return {
    /**
     * Signs a user in for one organisation without a password, for another module that has
     * authenticated the request its own way (the punchout's one-time start URL, decision 052): the
     * same audit entry, tokens and refresh-token family as a password sign-in. Null when the account
     * or that membership cannot sign in (disabled, deactivated, gone).
     */
    async signInAs(userId: string, organisationId: string, clientId: string, ctx: Omit<GrantContext, 'log'>, method: string) {
      const user = await repo.findUserById(caller, userId, organisationId);
      if (!user || user.disabled || user.staffRole || user.organisationId !== organisationId) return null;
      await repo.audit(caller, { action: 'auth.sign_in', actorUserId: user.id, organisationId, data: { method }, ip: ctx.ip, requestId: ctx.requestId });
      return start(user.id, claimsFor(user), { clientId, userId: user.id });
    },

    async grant(request: TokenRequest, ctx: GrantContext): Promise<TokenResponse> {
      switch (request.grant_type) {
        case 'password': {
          const user = await repo.findUserByEmail(caller, request.username);
          if (!user?.passwordHash) {
            await argonVerify(await dummyHash, request.password).catch(() => false);
            throw invalidCredentials();
          }
          const ok = await argonVerify(user.passwordHash, request.password).catch(() => false);
          if (!ok) throw invalidCredentials();
          if (user.disabled) throw new OAuthError(400, 'invalid_grant', AUTH_ERRORS.ACCOUNT_DISABLED, 'This account is disabled');
          // Only someone who knows the password learns that the address is not verified yet.
          if (!user.emailVerified) {
            throw new OAuthError(400, 'invalid_grant', AUTH_ERRORS.EMAIL_NOT_VERIFIED, 'Verify your email address before signing in', false);
          }
          if (user.twoFactorEnabled) {
            // A new code (by email; the verification screen can ask for SMS) unless one was sent moments
            // ago: signing in again then reuses it instead of flooding the mailbox.
            const latest = await repo.currentLoginCode(caller, user.id);
            const fresh = latest && Date.now() - latest.createdAt.getTime() < env.codeResendCooldownSeconds * 1000 && latest.expiresAt.getTime() > Date.now();
            if (!fresh) {
              const code = newCode();
              const expiresAt = new Date(Date.now() + env.loginCodeTtlSeconds * 1000);
              // Code and message are written in one transaction; the dispatcher delivers the message.
              await repo.createLoginCode(caller, user.id, hashCode(codeKey, user.id, code), expiresAt, env.loginCodeMaxAttempts, [
                loginCodeMessage({ ...user, locale: ctx.locale ?? user.locale }, 'email', code, env.loginCodeTtlSeconds),
              ]);
              if (env.nodeEnv === 'development') ctx.log.info({ user: user.email, code }, 'development: two-factor sign-in code');
            }
            throw new OAuthError(400, 'invalid_grant', AUTH_ERRORS.TWO_FACTOR_REQUIRED, 'A verification code has been sent; continue with grant_type=code', false, {
              challenge: challenges.issue(user.id),
              channel: 'email',
              channels: [
                { channel: 'email', destination: maskEmail(user.email) },
                // SMS only when a provider sends it (SMS_PROVIDER): otherwise the code would wait in the outbox.
                ...(user.phone && env.smsProvider !== 'none' ? [{ channel: 'sms', destination: maskPhone(user.phone) }] : []),
              ],
              resend_after_seconds: env.codeResendCooldownSeconds,
            });
          }
          return signIn(user, request.client_id, ctx, 'password');
        }

        case 'code': {
          const user = await repo.findUserByEmail(caller, request.username);
          const invalid = () => new OAuthError(400, 'invalid_grant', AUTH_ERRORS.CODE_INVALID, 'The verification code is not valid');
          if (!user || user.disabled) throw invalid();
          const current = await repo.currentLoginCode(caller, user.id);
          if (!current) throw invalid();
          if (current.expiresAt.getTime() <= Date.now()) {
            throw new OAuthError(400, 'invalid_grant', AUTH_ERRORS.CODE_EXPIRED, 'The verification code has expired; request a new one');
          }
          // The attempt is counted before the comparison, so parallel guesses cannot exceed the limit.
          if (!(await repo.countCodeAttempt(caller, current.id))) {
            throw new OAuthError(400, 'invalid_grant', AUTH_ERRORS.CODE_TOO_MANY_ATTEMPTS, 'Too many attempts; request a new code');
          }
          if (!safeEqual(hashCode(codeKey, user.id, request.code), current.codeHash)) throw invalid();
          if (!(await repo.consumeCode(caller, current.id))) throw invalid();
          return signIn(user, request.client_id, ctx, 'code');
        }

        case 'anonymous': {
          const sessionId = await repo.createAnonymousSession(caller);
          return issue(`anon:${sessionId}`, { org: null, role: 'anonymous' }, { clientId: request.client_id, anonymousSessionId: sessionId });
        }

        case 'refresh_token': {
          const next = newRefreshToken();
          const expiresAt = new Date(Date.now() + env.refreshTokenTtlSeconds * 1000);
          const result = await repo.rotate(caller, hashToken(request.refresh_token), { tokenHash: hashToken(next), expiresAt, sessionMaxMs: env.refreshSessionMaxSeconds * 1000 });
          const fail = (code: string, message: string) => new OAuthError(400, 'invalid_grant', code, message);
          switch (result.outcome) {
            case 'unknown':
              throw fail(OAUTH_ERRORS.REFRESH_TOKEN_INVALID, 'The refresh token is not valid');
            case 'revoked':
              throw fail(OAUTH_ERRORS.REFRESH_TOKEN_REVOKED, 'The refresh token has been revoked; sign in again');
            case 'reused':
              ctx.log.warn({ familyId: result.family.id }, 'refresh token reused: family revoked');
              await repo.audit(caller, {
                action: 'auth.refresh_token_reused',
                actorUserId: result.family.userId,
                organisationId: result.family.organisationId,
                entityType: 'refresh_token_family',
                entityId: result.family.id,
                ip: ctx.ip,
                requestId: ctx.requestId,
              });
              throw fail(OAUTH_ERRORS.REFRESH_TOKEN_REUSED, 'The refresh token was already used; sign in again');
            case 'expired':
              throw fail(OAUTH_ERRORS.REFRESH_TOKEN_EXPIRED, 'The refresh token has expired; sign in again');
          }
          const { family } = result;
          if (family.clientId !== request.client_id) {
            await repo.revokeFamily(caller, family.id, 'refresh token presented by another client');
            throw fail(OAUTH_ERRORS.REFRESH_TOKEN_INVALID, 'The refresh token was not issued to this client');
          }
          let sub: string;
          let claims: Omit<AccessTokenClaims, 'sub'>;
          if (family.userId) {
            // The sign-in's organisation, not whichever the user joined first: a refresh never moves a
            // session to another organisation, and stops once this membership is deactivated.
            const user = await repo.findUserById(caller, family.userId, family.organisationId);
            if (!user || user.disabled) {
              await repo.revokeFamily(caller, family.id, 'account disabled');
              throw fail(AUTH_ERRORS.ACCOUNT_DISABLED, 'This account is disabled');
            }
            await rememberLanguage(user, ctx);
            claims = claimsFor(user);
            sub = user.id;
          } else if (family.anonymousSessionId && (await repo.anonymousSessionExists(caller, family.anonymousSessionId))) {
            claims = { org: null, role: 'anonymous' };
            sub = `anon:${family.anonymousSessionId}`;
          } else {
            throw fail(OAUTH_ERRORS.REFRESH_TOKEN_INVALID, 'The refresh token is not valid');
          }
          return respond(await signer.sign({ sub, ...claims, sid: family.id }), next);
        }
      }
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;

// /api/v1/auth/…: registration, email verification, new codes, forgot and reset password.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  API_ERRORS,
  AcceptedResponseSchema,
  ForgotPasswordRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResendCodeRequestSchema,
  ResendCodeResponseSchema,
  ResetPasswordSchema,
  VerifyEmailRequestSchema,
} from '@portal/shared/schemas';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { AuthService } from './auth.service';
import { atLeast, type FailureDelays } from '../../../common/throttle';
import { interfaceLocale } from '../../../http/interface-locale';

const VerifiedSchema = v.object({ status: v.literal('verified') });
const problems = {
  400: { description: 'Invalid input (field errors with message keys) or a refused code / link' },
  429: { description: 'Too many requests; see Retry-After' },
};

export function registerAuthRoutes(
  app: FastifyInstance,
  registry: RouteRegistry,
  deps: { service: AuthService; env: Env; delays: FailureDelays },
) {
  const { service, env, delays } = deps;
  const windowMs = env.authRequestWindowSeconds * 1000;
  // Every auth call is limited per client address; calls naming an account also per account.
  const perIp = { rateLimit: { max: env.authRequestLimit, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `auth-ip:${req.ip}` } };
  const perAccount = app.createRateLimit({
    max: env.authRequestLimit,
    timeWindow: windowMs,
    keyGenerator: (req) => {
      const email = (req.body as Record<string, unknown> | undefined)?.email;
      return `auth-account:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : req.ip}`;
    },
  });
  async function limitAccount(request: FastifyRequest) {
    const state = await perAccount(request);
    if (!state.isAllowed && state.isExceeded) {
      throw new AppError(429, API_ERRORS.RATE_LIMITED, 'Too many requests for this account, try again later', undefined, { 'retry-after': String(Math.max(1, state.ttlInSeconds)) });
    }
  }

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/auth/register',
    operationId: 'register',
    summary: 'Register: a contract request or a web-shop account',
    description:
      'Creates an account that can sign in once its email address is verified, with its registration (a `contract_request` stays ' +
      'pending for the sales team, who are mailed when the address is verified; a `webshop` sign-up completes then). A verification ' +
      'code is mailed. The answer is the same when the address already has an account (its owner gets a mail instead).',
    tags: ['auth'],
    auth: 'none',
    body: RegisterRequestSchema,
    config: perIp,
    responses: { 202: { description: 'Check your mail for the verification code', schema: RegisterResponseSchema }, ...problems },
    handler: async ({ body, request }) => {
      const started = Date.now();
      await limitAccount(request);
      const result = await service.register(body);
      await atLeast(started, env.authResponseFloorMs);
      return result;
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Verify an email address with the mailed code',
    description: 'Errors: `CODE_INVALID`, `CODE_EXPIRED`, `CODE_TOO_MANY_ATTEMPTS` (400). Repeated failures are slowed down and limited.',
    tags: ['auth'],
    auth: 'none',
    body: VerifyEmailRequestSchema,
    config: perIp,
    responses: { 200: { description: 'The address is verified; the account can sign in', schema: VerifiedSchema }, ...problems },
    handler: async ({ body, request }) => {
      await limitAccount(request);
      const keys = [`verify:${body.email}`, `verify-ip:${request.ip}`];
      await delays.wait(...keys);
      try {
        const result = await service.verifyEmail(body);
        await delays.reset(keys[0]!);
        return result;
      } catch (err) {
        if (err instanceof AppError) await delays.recordFailure(...keys);
        throw err;
      }
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/auth/resend-code',
    operationId: 'resendCode',
    summary: 'Send a new email-verification or two-factor code',
    description:
      '`email_verification`: always 202 (no enumeration); a code is sent only to an unverified account and at most once per cooldown. ' +
      '`login`: with the `challenge` from the token endpoint\'s TWO_FACTOR_REQUIRED answer, by `email` or `sms`; 429 within the cooldown, ' +
      '400 `CHALLENGE_INVALID` when it expired (sign in again); 400 `CHANNEL_UNAVAILABLE` for `sms` when no SMS provider is configured ' +
      '(SMS_PROVIDER; the TWO_FACTOR_REQUIRED answer then lists email only) or the account has no phone number.',
    tags: ['auth'],
    auth: 'none',
    body: ResendCodeRequestSchema,
    config: perIp,
    responses: { 202: { description: 'A code is on its way (when one is due)', schema: ResendCodeResponseSchema }, ...problems },
    handler: async ({ body, request }) => {
      const started = Date.now();
      if (body.purpose === 'email_verification') await limitAccount(request);
      const result = await service.resendCode(body, interfaceLocale(request.headers['accept-language']));
      if (body.purpose === 'email_verification') await atLeast(started, env.authResponseFloorMs);
      return result;
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link',
    description: 'Always 202, whether or not the address has an account. The link works once and expires (PASSWORD_RESET_TTL_SECONDS).',
    tags: ['auth'],
    auth: 'none',
    body: ForgotPasswordRequestSchema,
    config: perIp,
    responses: { 202: { description: 'If the address has an account, a link is on its way', schema: AcceptedResponseSchema }, ...problems },
    handler: async ({ body, request }) => {
      const started = Date.now();
      await limitAccount(request);
      await service.forgotPassword(body, interfaceLocale(request.headers['accept-language']));
      await atLeast(started, env.authResponseFloorMs);
      return { status: 'accepted' as const };
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Choose a new password with the token of a reset link',
    description:
      'Spends the token, sets the password, and revokes every sign-in of the account (refresh tokens stop working). ' +
      'Errors: `RESET_TOKEN_INVALID` (unknown or used), `RESET_TOKEN_EXPIRED` (400).',
    tags: ['auth'],
    auth: 'none',
    body: ResetPasswordSchema,
    config: perIp,
    responses: { 204: { description: 'The password is changed; sign in with it' }, ...problems },
    handler: async ({ body, request, reply }) => {
      const key = `reset-ip:${request.ip}`;
      await delays.wait(key);
      try {
        await service.resetPassword(body, { ip: request.ip, requestId: String(request.id) });
      } catch (err) {
        if (err instanceof AppError) await delays.recordFailure(key);
        throw err;
      }
      reply.code(204);
      return undefined;
    },
  });
}

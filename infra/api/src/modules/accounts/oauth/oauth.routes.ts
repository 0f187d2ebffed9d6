// POST /api/oauth/token (RFC 6749, form-encoded; spec section 7).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  API_ERRORS,
  ClientCredentialsRequestSchema,
  ClientTokenResponseSchema,
  type ClientTokenResponse,
  type FieldError,
  GRANT_TYPES,
  OAUTH_ERRORS,
  TokenErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@portal/shared/schemas';
import type { Env } from '../../../env';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { schemaIssues } from '../../../http/validate';
import { handleError, sendProblem } from '../../../plugins/problem';
import type { LoginThrottle } from '../../../common/throttle';
import { OAuthError, type OAuthService } from './oauth.service';
import { safeEqual } from '../../../common/crypto';
import { interfaceLocale } from '../../../http/interface-locale';
import { CLIENT_CREDENTIALS_EXAMPLE, CLIENT_TOKEN_EXAMPLE } from './oauth.examples';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The client-credentials grant of the supplier's integration clients (RFC 6749 section 4.4; the
 * integration-clients module implements it, app.ts hands it over, decision 045).
 */
export interface ClientCredentials {
  grant(
    clientId: string,
    secret: string,
    scope: string | undefined,
  ): Promise<{ ok: true; token: ClientTokenResponse; clientName: string } | { ok: false; error: 'invalid_client' | 'invalid_scope'; message: string }>;
}

/** The grants this endpoint knows: the shell's (GRANT_TYPES) and the machine clients'. */
const KNOWN_GRANTS: readonly string[] = [...GRANT_TYPES, 'client_credentials'];
/** Documents the token request with every grant (the shell's schema leaves the machine grant out). */
const TokenRequestDocSchema = v.variant('grant_type', [TokenRequestSchema, ClientCredentialsRequestSchema]);

/** RFC 6749 section 5.2 error body, plus the members of our problem details. */
function sendOAuthError(request: FastifyRequest, reply: FastifyReply, err: OAuthError, errors?: FieldError[]) {
  if (err.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="portal", charset="UTF-8"');
  return reply
    .code(err.statusCode)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send({
      error: err.error,
      error_description: err.message,
      title: err.statusCode === 401 ? 'Unauthorized' : 'Bad Request',
      status: err.statusCode,
      code: err.code,
      requestId: String(request.id),
      ...(errors?.length ? { errors } : {}),
      ...err.extra,
    });
}

/** Client credentials from HTTP Basic (RFC 6749 section 2.3.1), if sent that way. */
function basicCredentials(header: string | undefined): { client_id: string; client_secret: string } | null {
  const match = header ? /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { client_id: dec(decoded.slice(0, colon)), client_secret: dec(decoded.slice(colon + 1)) };
}

export function registerOAuthRoutes(app: FastifyInstance, registry: RouteRegistry, deps: { service: OAuthService; env: Env; logins: LoginThrottle; clients: ClientCredentials }) {
  const { service, env, logins, clients } = deps;
  // Anonymous sessions are limited per address; they check no credential, so nobody is locked out.
  const anonymousGrants = app.createRateLimit({ max: env.anonymousGrantLimitPerMinute, timeWindow: 60_000, keyGenerator: (req) => `anon:${req.ip}` });

  const tooMany = (request: FastifyRequest, reply: FastifyReply, ttlSeconds: number) => {
    reply.header('retry-after', String(Math.max(1, ttlSeconds))).header('cache-control', 'no-store');
    return sendProblem(request, reply, 429, API_ERRORS.RATE_LIMITED, 'Too many failed attempts, try again later');
  };

  defineRoute(app, registry, {
    method: 'POST',
    url: '/oauth/token',
    operationId: 'token',
    summary: 'Obtain or refresh tokens',
    description:
      'RFC 6749 token endpoint, form-encoded. Client authentication by `client_id`/`client_secret` in the body or HTTP Basic. ' +
      'Grants: `password` (username, password), `anonymous`, `code` (username, code: second step of two-factor sign-in, ' +
      'after `password` answered `TWO_FACTOR_REQUIRED`) and `refresh_token` (rotated on every use; reusing a spent one revokes ' +
      'the whole sign-in). Integration clients (ERP, PIM, warehouse) use `client_credentials` (RFC 6749 section 4.4) with ' +
      'their own client id and secret and an optional space-separated `scope` (a subset of their scopes, `invalid_scope` ' +
      'otherwise); they get an access token without refresh token. Errors use RFC 6749 codes with 400/401 and a stable `code`; ' +
      'repeated failures give 429.',
    tags: ['auth', 'Integration'],
    auth: 'none',
    body: TokenRequestDocSchema,
    bodyContentType: FORM,
    bodyExample: CLIENT_CREDENTIALS_EXAMPLE,
    manualBodyValidation: true,
    bodyLimit: 16 * 1024,
    responses: {
      200: {
        description: 'Tokens (a client-credentials grant: no refresh token, and the granted `scope`)',
        schema: v.union([TokenResponseSchema, ClientTokenResponseSchema]),
        example: CLIENT_TOKEN_EXAMPLE,
      },
      400: { description: 'invalid_request, invalid_grant, invalid_scope or unsupported_grant_type', schema: TokenErrorSchema },
      401: { description: 'invalid_client', schema: TokenErrorSchema },
      429: { description: 'Too many failed attempts' },
    },
    // Body errors on this route (wrong media type, unreadable or oversized body) are RFC 6749 errors too.
    errorHandler(error, request, reply) {
      const status = error.statusCode ?? 500;
      if (status >= 500) return handleError(error, request, reply);
      const message = status === 413 ? 'The token request is too large' : 'The token request body could not be read';
      return sendOAuthError(request, reply, new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, message));
    },
    handler: async ({ request, reply }) => {
      try {
        const contentType = String(request.headers['content-type'] ?? '');
        if (request.body !== undefined && !contentType.toLowerCase().startsWith(FORM)) {
          throw new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, `Send the token request as ${FORM}`);
        }
        const raw: Record<string, unknown> = { ...((request.body as object | undefined) ?? {}) };
        const basic = basicCredentials(request.headers.authorization);
        if (basic) {
          if ((raw.client_id !== undefined && raw.client_id !== basic.client_id) || raw.client_secret !== undefined) {
            throw new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, 'Use one client authentication method');
          }
          Object.assign(raw, basic);
        }
        if (raw.grant_type === undefined || raw.grant_type === '') {
          throw new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, 'grant_type is required');
        }
        if (typeof raw.grant_type !== 'string' || !KNOWN_GRANTS.includes(raw.grant_type)) {
          throw new OAuthError(400, 'unsupported_grant_type', OAUTH_ERRORS.UNSUPPORTED_GRANT_TYPE, 'This grant type is not supported');
        }
        if (raw.grant_type === 'client_credentials') return await clientCredentials(request, reply, raw);
        if (
          typeof raw.client_id !== 'string' ||
          typeof raw.client_secret !== 'string' ||
          raw.client_id !== env.oauthClientId ||
          !safeEqual(raw.client_secret, env.oauthClientSecret)
        ) {
          throw new OAuthError(401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT, 'Client authentication failed');
        }
        const issues = schemaIssues(TokenRequestSchema, raw);
        if (issues) {
          const err = new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, 'The token request is missing or has invalid parameters');
          return refuse(request, reply, err, issues);
        }
        const parsed = v.parse(TokenRequestSchema, raw);
        if (parsed.grant_type === 'anonymous') {
          const state = await anonymousGrants(request);
          if (!state.isAllowed && state.isExceeded) return tooMany(request, reply, state.ttlInSeconds);
        }
        const ctx = { ip: request.ip, requestId: String(request.id), log: request.log, locale: interfaceLocale(request.headers['accept-language']) };
        if (parsed.grant_type !== 'password' && parsed.grant_type !== 'code') {
          reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
          return await service.grant(parsed, ctx);
        }
        // A password or a code is a guess: claim it before it is checked (common/throttle.ts).
        const claim = await logins.claim(parsed.username.toLowerCase(), request.ip);
        if (!claim.allowed) return tooMany(request, reply, claim.retryAfterSeconds);
        let tokens;
        try {
          tokens = await service.grant(parsed, ctx);
        } catch (err) {
          // A right password that needs a second step (or an unverified address) was not a wrong guess.
          if (err instanceof OAuthError && !err.countsAsFailure) await claim.attempt.succeeded();
          else claim.attempt.failed();
          throw err;
        }
        await claim.attempt.succeeded();
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return tokens;
      } catch (err) {
        if (err instanceof OAuthError) return refuse(request, reply, err);
        throw err;
      }
    },
  });

  /** The integration clients' grant: the client is one of theirs, authenticated against its hashed secrets. */
  async function clientCredentials(request: FastifyRequest, reply: FastifyReply, raw: Record<string, unknown>) {
    if (typeof raw.client_id !== 'string' || typeof raw.client_secret !== 'string' || raw.client_id === '' || raw.client_secret === '') {
      throw new OAuthError(401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT, 'Client authentication failed');
    }
    const issues = schemaIssues(ClientCredentialsRequestSchema, raw);
    if (issues) {
      const err = new OAuthError(400, 'invalid_request', OAUTH_ERRORS.INVALID_REQUEST, 'The token request is missing or has invalid parameters');
      return refuse(request, reply, err, issues);
    }
    const parsed = v.parse(ClientCredentialsRequestSchema, raw);
    const result = await clients.grant(parsed.client_id, parsed.client_secret, parsed.scope);
    if (!result.ok) {
      if (result.error === 'invalid_client') throw new OAuthError(401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT, result.message);
      throw new OAuthError(400, 'invalid_scope', OAUTH_ERRORS.INVALID_SCOPE, result.message);
    }
    request.log.info({ integrationClient: result.clientName, scope: result.token.scope }, 'client-credentials token issued');
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return result.token;
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, err: OAuthError, errors?: FieldError[]) {
    request.log.info({ oauthError: err.error, code: err.code }, 'token request refused');
    return sendOAuthError(request, reply, err, errors);
  }
}

import * as v from 'valibot';
import { CALLER_ROLES } from './roles';
import { PUBLIC_SHOPS } from './shops';
import { inputString } from './fields';

/** Grant types of the token endpoint (spec section 7). */
export const GRANT_TYPES = ['password', 'anonymous', 'code', 'refresh_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

const clientFields = {
  client_id: v.pipe(inputString(), v.minLength(1), v.maxLength(200)),
  client_secret: v.pipe(inputString(), v.minLength(1), v.maxLength(500)),
};

/** Form-encoded body of POST /api/oauth/token, one variant per grant (RFC 6749 section 4). */
export const TokenRequestSchema = v.variant('grant_type', [
  v.object({
    ...clientFields,
    grant_type: v.literal('password'),
    username: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(320)),
    password: v.pipe(inputString(), v.minLength(1), v.maxLength(1024)),
  }),
  v.object({ ...clientFields, grant_type: v.literal('anonymous') }),
  v.object({
    ...clientFields,
    grant_type: v.literal('code'),
    username: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(320)),
    code: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(32)),
  }),
  v.object({
    ...clientFields,
    grant_type: v.literal('refresh_token'),
    refresh_token: v.pipe(inputString(), v.minLength(1), v.maxLength(512)),
  }),
]);
export type TokenRequest = v.InferOutput<typeof TokenRequestSchema>;

/** What the token endpoint returns on success. */
export const TokenResponseSchema = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  token_type: v.optional(v.literal('Bearer')),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;

/** The token set kept client-side in the `tokens` cookie: expires_at = now + expires_in (ms epoch). */
export const TokenSetSchema = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  expires_in: v.number(),
  expires_at: v.number(),
});
export type TokenSet = v.InferOutput<typeof TokenSetSchema>;

/** RFC 6749 section 5.2 error types (the `error` member of a token error). */
export const TOKEN_ERROR_TYPES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

export const TokenErrorSchema = v.object({
  error: v.picklist(TOKEN_ERROR_TYPES),
  error_description: v.optional(v.string()),
});
export type TokenError = v.InferOutput<typeof TokenErrorSchema>;

/** Claims of our signed access token (JWT). `sub` is a user id or `anon:<session id>`. */
export const AccessTokenClaimsSchema = v.object({
  sub: v.string(),
  org: v.nullable(v.string()),
  role: v.picklist(CALLER_ROLES),
  shop: v.optional(v.picklist(PUBLIC_SHOPS)),
});
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaimsSchema>;


// Machine clients of the integration API (issue 29, decision 045): the supplier's ERP, PIM and
// warehouse system authenticate with the OAuth 2.0 client-credentials grant and act within scopes.
// The scope list, the token's claims and the stable refusals live here so the API, the ops CLI, the
// staff page and the tests name them once. Not bundled by the shell (it is not in oauth.ts).
import * as v from 'valibot';
import { inputString, requiredText, UuidSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import type { StaffRole } from './roles';

/** What an integration client may do; each integration route checks one. */
export const INTEGRATION_SCOPES = ['catalog:write', 'prices:write', 'stock:write', 'customers:write', 'orders:read', 'shipments:write', 'events:read', 'payments:write', 'peppol:receive', 'recalls:write'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** Stable codes of the integration surface's own refusals (403 problem details). */
export const INTEGRATION_ERRORS = {
  /** A client's token without the route's scope. */
  SCOPE_MISSING: 'INTEGRATION_SCOPE_MISSING',
  /** A person's or anonymous session's token on an integration route. */
  NOT_A_CLIENT: 'INTEGRATION_CLIENT_REQUIRED',
  /** 401: the client was revoked after its token was issued. */
  CLIENT_REVOKED: 'INTEGRATION_CLIENT_REVOKED',
  /** 403: a member of the staff whose role does not manage integration clients (issue 44). */
  MANAGER_ROLE_REQUIRED: 'INTEGRATION_MANAGER_ROLE_REQUIRED',
  /** 404: no integration client with this id. */
  CLIENT_NOT_FOUND: 'INTEGRATION_CLIENT_NOT_FOUND',
  /** 409 (field `name`): another client has this name. */
  CLIENT_NAME_TAKEN: 'INTEGRATION_CLIENT_NAME_TAKEN',
  /** 409: the client is revoked; it cannot be rotated or revoked again (make a new one). */
  CLIENT_ALREADY_REVOKED: 'INTEGRATION_CLIENT_ALREADY_REVOKED',
} as const;

/**
 * The staff roles that create, rotate and revoke integration clients in the portal (issue 44,
 * decision 062): the sales consultant, who sets up the customers' and the supplier's systems; a case
 * manager sees the clients but does not hand out credentials. The API and the page both ask this.
 */
export const INTEGRATION_MANAGER_ROLES: readonly StaffRole[] = ['sales_consultant'];
export const managesIntegrationClients = (role: string | null | undefined): boolean => (INTEGRATION_MANAGER_ROLES as readonly string[]).includes(role ?? '');

export const IntegrationScopeSchema = v.picklist(INTEGRATION_SCOPES);

/** The role an integration client's access token carries (never a person's role). */
export const INTEGRATION_ROLE = 'integration' as const;
/** The subject of a client's token: `client:<client id>`. */
export const CLIENT_SUBJECT_PREFIX = 'client:';

/** Claims of a client's access token: no organisation, the granted scopes space-separated (RFC 8693 `scope`). */
export const IntegrationTokenClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.startsWith(CLIENT_SUBJECT_PREFIX)),
  org: v.null(),
  role: v.literal(INTEGRATION_ROLE),
  scope: v.string(),
  /** The client's name, so an audit row names it without a lookup. */
  client_name: v.pipe(v.string(), v.minLength(1)),
});
export type IntegrationTokenClaims = v.InferOutput<typeof IntegrationTokenClaimsSchema>;

/**
 * The client-credentials grant (RFC 6749 section 4.4) of POST /api/oauth/token. `scope`: space
 * separated, a subset of the client's scopes (all of them when left out).
 */
export const ClientCredentialsRequestSchema = v.object({
  grant_type: v.literal('client_credentials'),
  client_id: v.pipe(inputString(), v.minLength(1), v.maxLength(200)),
  client_secret: v.pipe(inputString(), v.minLength(1), v.maxLength(500)),
  scope: v.optional(v.pipe(inputString(), v.maxLength(500))),
});
export type ClientCredentialsRequest = v.InferOutput<typeof ClientCredentialsRequestSchema>;

/** The token endpoint's answer to a client: no refresh token (the client asks again with its secret). */
export const ClientTokenResponseSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
  scope: v.string(),
});
export type ClientTokenResponse = v.InferOutput<typeof ClientTokenResponseSchema>;

/** A client's name (unique): it names the client in the audit log, the logs and on the staff page. */
const CLIENT_NAME_PATTERN = /^[\p{L}\p{N} ._-]+$/u;
export const IntegrationClientNameSchema = v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(100), v.regex(CLIENT_NAME_PATTERN, 'Letters, digits, spaces, dots, dashes and underscores only'));

/** The longest overlap of a rotation in the portal: a week for the client system's configuration to change. */
export const MAX_ROTATION_OVERLAP_HOURS = 168;

/** POST /api/v1/staff/integration/clients: a new client (the staff's form; the same name rule as the ops CLI). */
export const IntegrationClientCreateSchema = v.strictObject({
  name: v.pipe(requiredText(100), v.regex(CLIENT_NAME_PATTERN, M.invalidRegex)),
  scopes: v.pipe(v.array(IntegrationScopeSchema, M.required), v.minLength(1, M.tooSmallArray), v.maxLength(INTEGRATION_SCOPES.length, M.tooBigArray)),
});
export type IntegrationClientCreate = v.InferOutput<typeof IntegrationClientCreateSchema>;

/** POST …/clients/{id}/rotate: hours the previous secrets stay valid (0: they end now). */
export const IntegrationClientRotateSchema = v.strictObject({
  overlap_hours: v.pipe(v.number(M.required), v.integer(M.invalidValue), v.minValue(0, M.tooSmallNumber), v.maxValue(MAX_ROTATION_OVERLAP_HOURS, M.tooBigNumber)),
});
export type IntegrationClientRotate = v.InferOutput<typeof IntegrationClientRotateSchema>;

export const IntegrationClientIdParamsSchema = v.object({ id: UuidSchema });

/** GET /api/integration/v1/client: the calling client, for a connection check. */
export const IntegrationWhoAmISchema = v.object({
  client_id: v.string(),
  name: v.string(),
  scopes: v.array(IntegrationScopeSchema),
});
export type IntegrationWhoAmI = v.InferOutput<typeof IntegrationWhoAmISchema>;

/** One client on the staff page (GET /api/v1/staff/integration/clients). */
export const IntegrationClientSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  scopes: v.array(IntegrationScopeSchema),
  created_at: v.string(),
  /** When its newest secret was issued (creation or the last rotation). */
  last_rotated_at: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
});
export type IntegrationClientSummary = v.InferOutput<typeof IntegrationClientSummarySchema>;
export const IntegrationClientListSchema = v.object({ items: v.array(IntegrationClientSummarySchema) });
export type IntegrationClientList = v.InferOutput<typeof IntegrationClientListSchema>;

/** The answer to a creation or a rotation: the secret, shown this once (only its hash is kept). */
export const IntegrationClientSecretSchema = v.object({
  client: IntegrationClientSummarySchema,
  client_secret: v.string(),
  /** A rotation: until when the previous secrets still work (null for a new client). */
  old_secrets_valid_until: v.nullable(v.string()),
});
export type IntegrationClientSecret = v.InferOutput<typeof IntegrationClientSecretSchema>;

/** Scopes as sent in a token request: space-separated; null when one is not a known scope. */
export function parseScopeParameter(value: string): IntegrationScope[] | null {
  const parts = value.split(' ').filter((s) => s !== '');
  if (!parts.every((s): s is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(s))) return null;
  return [...new Set(parts)];
}

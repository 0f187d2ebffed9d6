// Access tokens (short-lived HS256 JWTs) and refresh tokens (opaque secrets). A building block, not
// the oauth module's: the oauth module issues them, plugins/caller.ts verifies them on every request.
import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import * as v from 'valibot';
import {
  AccessTokenClaimsSchema,
  CLIENT_SUBJECT_PREFIX,
  INTEGRATION_ROLE,
  IntegrationTokenClaimsSchema,
  parseScopeParameter,
  type AccessTokenClaims,
  type IntegrationScope,
} from '@portal/shared/schemas';
import type { Caller } from '../caller';

export interface TokenSigner {
  sign(claims: AccessTokenClaims & { sid: string }): Promise<string>;
  /** An integration client's token (client-credentials grant, decision 045): no organisation, no session. */
  signClient(client: { id: string; name: string; scopes: readonly IntegrationScope[] }): Promise<string>;
  /** The caller named by a valid token; throws InvalidTokenError otherwise. */
  verify(token: string): Promise<Caller>;
  ttlSeconds: number;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(readonly expired: boolean) {
    super(expired ? 'The access token has expired' : 'The access token is not valid');
  }
}

/** How many verified tokens a signer remembers (a few MB at most; the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;

export function createTokenSigner(opts: { key: Uint8Array; issuer: string; audience: string; ttlSeconds: number }): TokenSigner {
  const { issuer, audience, ttlSeconds } = opts;
  // A key made once: given raw bytes, jose imports the key again on every call, which was 14% of the
  // API's CPU in the order-placement profile (every request verifies a token). Given a secret
  // KeyObject it still exports and re-imports it on every call (jose's web build works on
  // CryptoKeys); a CryptoKey is used as it is.
  const key = webcrypto.subtle.importKey('raw', opts.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  key.catch(() => undefined);
  /** Tokens verified by this signer, with their expiry (seconds), oldest first; at most VERIFIED_MAX. */
  const verified = new Map<string, { caller: Caller; exp: number }>();
  const signJwt = async (sub: string, payload: JWTPayload) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setJti(randomBytes(12).toString('base64url'))
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await key);
  return {
    ttlSeconds,
    async sign(claims) {
      return signJwt(claims.sub, { org: claims.org, role: claims.role, sid: claims.sid, ...(claims.shop ? { shop: claims.shop } : {}) });
    },
    async signClient(client) {
      return signJwt(`${CLIENT_SUBJECT_PREFIX}${client.id}`, { org: null, role: INTEGRATION_ROLE, scope: client.scopes.join(' '), client_name: client.name });
    },
    async verify(token) {
      // A token verified before is the same token until its expiry: its signature and claims cannot
      // change. Verifying it again on every request of a session was the largest share of the API's
      // CPU after the database round trips in the order-placement profile (an HMAC through
      // WebCrypto's thread pool, 0.4 ms per request on a loaded machine). Expiry is decided as jose
      // decides it (valid while the current second is before `exp`); whether the account or
      // membership may still act is decided per request elsewhere (plugins/access-state.ts).
      const known = verified.get(token);
      if (known) {
        if (Math.floor(Date.now() / 1000) < known.exp) return { ...known.caller };
        verified.delete(token);
        throw new InvalidTokenError(true);
      }
      const verifyKey = await key;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, verifyKey, { issuer, audience, algorithms: ['HS256'], typ: 'at+jwt' }));
      } catch (err) {
        throw new InvalidTokenError(err instanceof joseErrors.JWTExpired);
      }
      const caller = payloadToCaller(payload);
      // Only tokens with an expiry (every token signed here has one) are remembered.
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { caller, exp: payload.exp });
      }
      return { ...caller };
    },
  };
}

/** The caller a verified token's payload names: a client's (role `integration`) or a person's or session's. */
function payloadToCaller(payload: JWTPayload): Caller {
  if (payload.role === INTEGRATION_ROLE) {
    const parsed = v.safeParse(IntegrationTokenClaimsSchema, payload);
    const scopes = parsed.success ? parseScopeParameter(parsed.output.scope) : null;
    if (!parsed.success || !scopes) throw new InvalidTokenError(false);
    const clientId = parsed.output.sub.slice(CLIENT_SUBJECT_PREFIX.length);
    return { kind: 'integration', clientId, clientName: parsed.output.client_name, scopes, organisationId: null };
  }
  const parsed = v.safeParse(AccessTokenClaimsSchema, payload);
  if (!parsed.success) throw new InvalidTokenError(false);
  return claimsToCaller(parsed.output);
}

export function claimsToCaller(claims: AccessTokenClaims): Caller {
  switch (claims.role) {
    case 'anonymous':
      if (!claims.sub.startsWith('anon:')) throw new InvalidTokenError(false);
      return { kind: 'anonymous', sessionId: claims.sub.slice(5), role: 'anonymous', organisationId: null };
    case 'admin':
    case 'buyer':
    case 'approver':
      return { kind: 'customer', userId: claims.sub, organisationId: claims.org, role: claims.role };
    case 'case_manager':
    case 'sales_consultant':
      return { kind: 'staff', userId: claims.sub, organisationId: null, role: claims.role };
  }
}

/** A new opaque refresh token (256 random bits, base64url). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

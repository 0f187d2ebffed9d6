import { FetchError, ofetch } from 'ofetch';
import * as v from 'valibot';
import {
  TokenErrorSchema,
  TokenResponseSchema,
  type TokenError,
  type TokenRequest,
  type TokenSet,
} from '../schemas/oauth';

/** Default path of the token endpoint (spec section 7: `{apiBase}/oauth/token`). */
export const TOKEN_ENDPOINT_PATH = '/api/oauth/token';

/** Error raised when the token endpoint refuses a grant or answers with something unexpected. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  /** HTTP status, 0 without a response. */
  readonly status: number;
  /** RFC 6749 error code when the server sent one (e.g. `invalid_grant`). */
  readonly error: TokenError['error'] | undefined;
  /** The API's stable code beside the RFC one (e.g. `TWO_FACTOR_REQUIRED`, `EMAIL_NOT_VERIFIED`). */
  readonly code: string | undefined;
  /** The whole error body, for grant-specific fields (a two-factor challenge, a cooldown). */
  readonly body: unknown;

  constructor(message: string, status: number, error?: TokenError, cause?: unknown, body?: unknown) {
    super(error?.error_description ?? message, { cause });
    this.status = status;
    this.error = error?.error;
    this.body = body;
    const code = (body as { code?: unknown } | undefined)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** How to build a token client. */
export interface TokenClientOptions {
  /** OAuth client id of this front end. */
  clientId: string;
  /** OAuth client secret of this front end (a public client's, not a real secret). */
  clientSecret: string;
  /** Origin of the API; '' means the page's own origin. */
  baseURL?: string;
  /** Path of the token endpoint. */
  path?: string;
  /** Clock, injectable for tests. */
  now?: () => number;
  /** fetch implementation (tests, server-side rendering). */
  fetch?: typeof globalThis.fetch;
  /**
   * The interface's language, sent as Accept-Language: a grant can send mail (the two-factor code),
   * which must come in the language the user is reading, not the one stored on the account.
   */
  getLocale?: () => string;
}

/** The four grants of spec section 7; each resolves to a token set with its expiry computed. */
export interface TokenClient {
  /** Email and password sign-in. */
  password(input: { username: string; password: string }): Promise<TokenSet>;
  /** A visitor session without an account. */
  anonymous(): Promise<TokenSet>;
  /** Two-factor sign-in with the code sent by email or SMS. */
  code(input: { username: string; code: string }): Promise<TokenSet>;
  /** A new token set for a refresh token (the old refresh token is then spent). */
  refresh(refreshToken: string): Promise<TokenSet>;
}

type GrantFields<G extends TokenRequest['grant_type']> = Omit<
  Extract<TokenRequest, { grant_type: G }>,
  'client_id' | 'client_secret' | 'grant_type'
>;

/** Creates the client of `POST /api/oauth/token` (form-encoded, RFC 6749). */
export function createTokenClient(options: TokenClientOptions): TokenClient {
  const { clientId, clientSecret, baseURL = '', path = TOKEN_ENDPOINT_PATH, now = Date.now, getLocale } = options;
  const url = `${baseURL.replace(/\/+$/, '')}${path}`;
  const $fetch = ofetch.create({}, options.fetch ? { fetch: options.fetch } : {});

  async function grant<G extends TokenRequest['grant_type']>(
    grantType: G,
    fields: GrantFields<G>,
  ): Promise<TokenSet> {
    const body = new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: grantType,
      ...(fields as Record<string, string>),
    });
    let data: unknown;
    try {
      data = await $fetch(url, {
        method: 'POST',
        body,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(getLocale ? { 'Accept-Language': getLocale() } : {}),
        },
        // A token request is a write (a refresh token is spent on use): never retry.
        retry: 0,
      });
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      const parsed = v.safeParse(TokenErrorSchema, error.data);
      const status = error.response?.status ?? 0;
      throw new OAuthError(
        `Token request (${grantType}) failed with status ${status}`,
        status,
        parsed.success ? parsed.output : undefined,
        error,
        error.data,
      );
    }
    const parsed = v.safeParse(TokenResponseSchema, data);
    if (!parsed.success) {
      throw new OAuthError(`Token response (${grantType}) is malformed`, 200, undefined, parsed.issues);
    }
    const { access_token, refresh_token, expires_in } = parsed.output;
    return { access_token, refresh_token, expires_in, expires_at: now() + expires_in * 1000 };
  }

  return {
    password: ({ username, password }) => grant('password', { username, password }),
    anonymous: () => grant('anonymous', {}),
    code: ({ username, code }) => grant('code', { username, code }),
    refresh: (refreshToken) => grant('refresh_token', { refresh_token: refreshToken }),
  };
}

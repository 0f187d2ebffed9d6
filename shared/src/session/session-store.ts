import { createStore, type StoreApi } from 'zustand/vanilla';
import { bus as sharedBus } from '../bus/bus';
import type { EventBus } from '../bus/event-bus';
import type { PortalEvents } from '../bus/events';
import type { AccessTokenClaims, TokenSet } from '../schemas/oauth';
import { decodeAccessTokenClaims, sessionKindOf, type SessionKind } from './access-token-claims';
import {
  browserCookieJar,
  clearTokenCookie,
  readTokenCookie,
  REFRESH_TOKEN_MAX_AGE_DAYS,
  writeTokenCookie,
  type CookieJar,
} from './token-cookie';

/** Message of the error raised when the refresh grant fails (spec section 8). */
export const REFRESH_FAILED_MESSAGE = 'Failed to refresh access token';

/** Refresh this long before the access token expires, so a request never leaves with a dying token. */
export const EXPIRY_MARGIN_MS = 10_000;

/** State and actions of the session store. */
export interface SessionState {
  /** The token set, or null without a session. */
  tokens: TokenSet | null;
  /** Claims of the access token (unverified), or null. */
  claims: AccessTokenClaims | null;
  /** Visitor or user session; null without a session. */
  kind: SessionKind | null;
  /** A session exists (visitor or user). */
  hasSession: boolean;
  /** A user is signed in: tokens exist and they are not an anonymous visitor's. */
  isSignedIn: boolean;
  /**
   * A visitor's session is on its way: the shell's anonymous grant is deferred until the first screen
   * is shown (decision 027), so an early action that needs a session (add to cart) waits for it
   * (`whenVisitorSessionSettled`) instead of asking the visitor to sign in.
   */
  visitorSessionPending: boolean;
  /** The shell marks its deferred anonymous grant as scheduled (true) and as settled (false). */
  setVisitorSessionPending(pending: boolean): void;
  /** Stores a new token set (after a grant) in the store and the cookie. */
  setTokens(tokens: TokenSet): void;
  /** Clears the tokens from the store and the cookie. */
  signOut(): void;
  /** A valid access token, refreshing first when it has expired; undefined without a session. */
  getValidAccessToken(): Promise<string | undefined>;
  /** Refreshes now, whatever the expiry (the session-expiring dialog's "continue"). */
  refreshNow(): Promise<string | undefined>;
  /**
   * Replaces the signed-in session's tokens with those `exchange` answers for the current ones (the
   * organisation switch, decision 057), under the same cross-tab lock as a refresh: the exchange
   * spends the refresh token, which a refresh in another tab must not spend at the same moment.
   * A failed exchange leaves the session as it was.
   */
  exchangeTokens(exchange: (current: TokenSet) => Promise<TokenSet>): Promise<void>;
}

/** Dependencies of the store; all optional, injectable for tests. */
export interface SessionDependencies {
  /** Exchanges a refresh token for a new token set (the token client's `refresh`). */
  refresh?: (refreshToken: string) => Promise<TokenSet>;
  /** Where the token cookie lives. */
  cookies?: CookieJar;
  /** Clock. */
  now?: () => number;
  /** Lifetime of the refresh token, in days (the cookie's lifetime). */
  refreshTokenMaxAgeDays?: number;
  /** Bus on which signed-in / signed-out are announced. */
  bus?: EventBus<PortalEvents>;
  /** Told when a refresh fails; by default it logs a warning. */
  onRefreshFailed?: (error: Error) => void;
  /**
   * Runs the refresh under a lock shared by every tab (the Web Locks API when the browser has it).
   * Refresh tokens rotate and a reused one revokes the whole family, so two tabs must never spend
   * the same one.
   */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

/** Web Locks when available (all tabs of the origin), else no cross-tab lock. */
const browserLock = <T,>(name: string, task: () => Promise<T>): Promise<T> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
};

/** The session store: a zustand store plus `configure` to inject dependencies later. */
export type SessionStore = StoreApi<SessionState> & {
  /** Replaces some dependencies (the shell injects the token client at start). */
  configure(dependencies: SessionDependencies): void;
};

/** Creates an independent session store. Most code wants the shared `sessionStore` instead. */
export function createSessionStore(initial: SessionDependencies = {}): SessionStore {
  const deps: Required<Omit<SessionDependencies, 'refresh'>> & Pick<SessionDependencies, 'refresh'> = {
    cookies: browserCookieJar,
    now: Date.now,
    refreshTokenMaxAgeDays: REFRESH_TOKEN_MAX_AGE_DAYS,
    bus: sharedBus,
    onRefreshFailed: (error) => console.warn(error.message, error.cause),
    withLock: browserLock,
    ...initial,
  };
  // Shared by concurrent callers so that one expired token causes exactly one refresh grant
  // (the API rotates refresh tokens and treats a reused one as theft).
  let inflight: Promise<string> | null = null;

  const derive = (tokens: TokenSet | null) => {
    const claims = tokens ? decodeAccessTokenClaims(tokens.access_token) : null;
    const kind = tokens ? sessionKindOf(claims) : null;
    return { tokens, claims, kind, hasSession: tokens !== null, isSignedIn: kind === 'user' };
  };

  const store = createStore<SessionState>()((set, get) => {
    const apply = (tokens: TokenSet | null) => {
      const { isSignedIn: wasSignedIn, claims: before } = get();
      const next = derive(tokens);
      set(next);
      if (!wasSignedIn && next.isSignedIn) deps.bus.emit('session:signed-in');
      if (wasSignedIn && !next.isSignedIn) deps.bus.emit('session:signed-out');
      // The same person now acting for another organisation: what every page shows was theirs.
      if (wasSignedIn && next.isSignedIn && before?.sub === next.claims?.sub && (before?.org ?? null) !== (next.claims?.org ?? null)) {
        deps.bus.emit('session:organisation-changed', { organisationId: next.claims?.org ?? null });
      }
    };

    const refresh = (tokens: TokenSet, force: boolean): Promise<string> => {
      const { refresh: grant } = deps;
      if (!grant) return Promise.reject(new Error(`${REFRESH_FAILED_MESSAGE}: no token client configured`));
      return deps.withLock('portal-token-refresh', async () => {
        // Another tab may have refreshed while this one waited for the lock: adopt its tokens
        // instead of spending a refresh token that is already spent.
        const shared = readTokenCookie(deps.cookies);
        if (shared && shared.refresh_token !== tokens.refresh_token && deps.now() < shared.expires_at - EXPIRY_MARGIN_MS) {
          apply(shared);
          return shared.access_token;
        }
        if (!force && deps.now() < tokens.expires_at - EXPIRY_MARGIN_MS) return tokens.access_token;
        try {
          const next = await grant(tokens.refresh_token);
          writeTokenCookie(deps.cookies, next, deps.refreshTokenMaxAgeDays, deps.now());
          apply(next);
          return next.access_token;
        } catch (cause) {
          clearTokenCookie(deps.cookies);
          apply(null);
          const error = new Error(REFRESH_FAILED_MESSAGE, { cause });
          deps.onRefreshFailed(error);
          throw error;
        }
      });
    };

    const singleFlight = (tokens: TokenSet, force: boolean): Promise<string> => {
      inflight ??= refresh(tokens, force).finally(() => {
        inflight = null;
      });
      return inflight;
    };

    return {
      ...derive(readTokenCookie(deps.cookies)),
      visitorSessionPending: false,
      setVisitorSessionPending(pending) {
        set({ visitorSessionPending: pending });
      },
      setTokens(tokens) {
        writeTokenCookie(deps.cookies, tokens, deps.refreshTokenMaxAgeDays, deps.now());
        apply(tokens);
      },
      signOut() {
        clearTokenCookie(deps.cookies);
        apply(null);
      },
      getValidAccessToken() {
        const { tokens } = get();
        if (!tokens) return Promise.resolve(undefined);
        if (deps.now() < tokens.expires_at - EXPIRY_MARGIN_MS) return Promise.resolve(tokens.access_token);
        return singleFlight(tokens, false);
      },
      refreshNow() {
        const { tokens } = get();
        return tokens ? singleFlight(tokens, true) : Promise.resolve(undefined);
      },
      async exchangeTokens(exchange) {
        // A dying access token is refreshed first, outside the lock (the refresh takes it itself).
        await get().getValidAccessToken();
        await deps.withLock('portal-token-refresh', async () => {
          // Another tab may have rotated the tokens meanwhile: the cookie holds the current ones.
          const current = readTokenCookie(deps.cookies) ?? get().tokens;
          if (!current) throw new Error('No session to exchange');
          const next = await exchange(current);
          writeTokenCookie(deps.cookies, next, deps.refreshTokenMaxAgeDays, deps.now());
          apply(next);
        });
      },
    };
  });

  return Object.assign(store, {
    configure(dependencies: SessionDependencies) {
      Object.assign(deps, dependencies);
    },
  });
}

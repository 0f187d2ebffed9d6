// Who opens the development provider's hosted page. The page is a full-page navigation from the
// checkout, so no Authorization header comes with it: the session is the spec's `tokens` cookie
// (decision 016: JSON with the access token, SameSite=Lax, so it comes with the navigation and
// with the page's own form post, never with another site's post). Only the session that placed
// the order may see the page or choose its outcome (decision 036): a leaked payment id is not
// enough to mark an order paid.
import type { Caller } from '../../caller';

/** The `tokens` cookie (`@portal/shared/session`, TOKENS_COOKIE_NAME). */
const TOKENS_COOKIE = 'tokens';

/** The access token in a Cookie header's `tokens` cookie; undefined when there is none readable. */
export function accessTokenFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== TOKENS_COOKIE) continue;
    try {
      const tokens = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim())) as { access_token?: unknown };
      return typeof tokens.access_token === 'string' ? tokens.access_token : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Who placed an order: its user, or the anonymous session of a visitor. */
export interface OrderOwner {
  user_id: string | null;
  anonymous_session_id: string | null;
}

/** Whether the caller is the session that placed the order. */
export function isPayer(caller: PayerSession, order: OrderOwner): boolean {
  if (!caller || caller === 'expired') return false;
  if (caller.kind === 'customer') return order.user_id !== null && caller.userId === order.user_id;
  if (caller.kind === 'anonymous') return order.anonymous_session_id !== null && caller.sessionId === order.anonymous_session_id;
  return false;
}

/**
 * The session in a request's cookies: the caller; `expired` when the cookie holds a genuine token
 * whose time is up (a payment lasts 30 minutes, an access token 15: the payer is told to sign in
 * again, not that the payment is someone else's); null when absent or forged.
 */
export type PayerSession = Caller | 'expired' | null;

/** Reads the payer's session from a request's cookies. */
export function payerFromCookies(verify: (token: string) => Promise<Caller>) {
  return async (cookieHeader: string | undefined): Promise<PayerSession> => {
    const token = accessTokenFromCookies(cookieHeader);
    if (!token) return null;
    // InvalidTokenError says `expired` only after the signature held (jose checks it first).
    return verify(token).catch((error: unknown) => ((error as { expired?: unknown }).expired === true ? 'expired' : null));
  };
}

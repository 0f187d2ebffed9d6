/** Warn this long before the session ends at the most (spec: the dialog shows the minutes left). */
export const SESSION_WARNING_MS = 2 * 60_000;

/**
 * When to show the session-expiring dialog: two minutes before the access token expires, or halfway
 * through a shorter lifetime, so a short-lived session still gets a warning with time to answer.
 */
export function warningTime(tokens: { expires_at: number; expires_in: number }): number {
  return tokens.expires_at - Math.min(SESSION_WARNING_MS, (tokens.expires_in * 1000) / 2);
}

/** Whole minutes left, rounded up so "1 minute" is shown until the last second. */
export function minutesLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 60_000));
}

// Punchout mode (issue 34, decision 052): a procurement system's start URL signs its user in and
// leaves a `punchout=1` marker cookie. Only then does the portal ask the API which punchout session
// this sign-in is (GET /punchout/session): the API decides by the sign-in's own session, so a stale
// marker after another sign-in costs one 404 and is dropped. The header says where the cart goes
// back to; the cart page offers "Transfer cart" instead of checkout.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '../api/api-error';
import { portalApi } from '../api/portal-client';
import { PunchoutSessionSchema, PunchoutTransferSchema, type PunchoutSession } from '../schemas/punchout';
import { useSession } from './use-session';

export const PUNCHOUT_COOKIE = 'punchout';

const hasMarker = () => typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim() === `${PUNCHOUT_COOKIE}=1`);
const dropMarker = () => {
  if (typeof document !== 'undefined') document.cookie = `${PUNCHOUT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax`;
};

/** One answer per signed-in user and page load (the header and the cart page ask together). */
let asked: { sub: string; answer: Promise<PunchoutSession | null> } | null = null;

/** The sign-in's punchout session; null when it is none (no marker, or the API says 404). */
export function fetchPunchoutSession(sub: string): Promise<PunchoutSession | null> {
  if (!hasMarker()) return Promise.resolve(null);
  if (asked?.sub !== sub) {
    const answer = portalApi({ shop: 'portal' })
      .get('/punchout/session', { schema: PunchoutSessionSchema })
      .then((session) => v.parse(PunchoutSessionSchema, session))
      .catch((err: unknown) => {
        if (isApiError(err) && (err.status === 404 || err.status === 403)) dropMarker();
        return null;
      });
    asked = { sub, answer };
  }
  return asked.answer;
}

/** The punchout session of the signed-in user, or null (also while it is being asked). */
export function usePunchoutSession(): PunchoutSession | null {
  const sub = useSession((s) => (s.isSignedIn ? (s.claims?.sub ?? '') : null));
  // The answer is kept with the user it is for: another user (or none) reads null until theirs arrives.
  const [known, setKnown] = useState<{ sub: string; session: PunchoutSession | null } | null>(null);
  useEffect(() => {
    if (sub === null) return;
    let live = true;
    void fetchPunchoutSession(sub).then((session) => {
      if (live) setKnown({ sub, session });
    });
    return () => {
      live = false;
    };
  }, [sub]);
  return sub !== null && known?.sub === sub ? known.session : null;
}

/**
 * Transfers the cart: the API prepares the one-time page whose form posts it to the procurement
 * system, and the browser opens it (it leaves the portal).
 */
export async function transferPunchoutCart(): Promise<void> {
  const { transfer_url } = await portalApi({ shop: 'portal' }).post('/punchout/transfer', { schema: PunchoutTransferSchema });
  asked = null;
  globalThis.location.assign(transfer_url);
}

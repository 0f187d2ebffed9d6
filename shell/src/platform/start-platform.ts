import { configurePortalApi, portalTokenClient } from '@portal/shared/api';
import { browserCookieJar, configureSession, readTokenCookie, sessionStore } from '@portal/shared/session';
import { afterFirstScreen } from './after-first-screen';

/**
 * Wires the session to the token endpoint and gives a visitor an anonymous session (and so a cart)
 * without an account. If the anonymous grant fails, the portal goes on unauthenticated with a
 * warning (spec section 8).
 *
 * The anonymous grant waits until the first screen is shown (decision 027): no call of an open page's
 * first screen needs a visitor's token (what reads or changes a cart waits for a session, `hasSession`,
 * and the catalogue answers a visitor the same with or without one), so the POST would only hold the
 * network back. Until it starts, API calls go without a token; once it has started they wait for it
 * and carry the visitor's token. A page with a session (a user, or a visitor's earlier grant) is left
 * as it was: its token is refreshed when it runs out. Until the grant has settled the store says a
 * visitor session is pending, so a visitor who adds to the cart at once waits for it rather than
 * being asked to sign in.
 *
 * Resolves when the grant is done (at once for a page with a session).
 */
export function startPlatform(whenShown: (task: () => void) => void = afterFirstScreen): Promise<void> {
  configureSession({ refresh: (refreshToken) => portalTokenClient().refresh(refreshToken) });
  if (sessionStore.getState().hasSession) return Promise.resolve();
  let grant: Promise<void> | undefined;
  let granted = false;
  const settled = () => sessionStore.getState().setVisitorSessionPending(false);
  sessionStore.getState().setVisitorSessionPending(true);
  configurePortalApi({
    getAccessToken: async () => {
      if (grant && !granted) await grant;
      return sessionStore.getState().getValidAccessToken();
    },
  });
  return new Promise<void>((resolve) => {
    whenShown(() => {
      // Signed in (here or in another tab) before the first screen was done: no visitor session.
      if (sessionStore.getState().hasSession || readTokenCookie(browserCookieJar)) {
        settled();
        return resolve();
      }
      grant = portalTokenClient()
        .anonymous()
        .then((tokens) => {
          // A sign-in may have happened while the anonymous grant was on its way, here or in another
          // tab (the cookie is shared): never overwrite a session with an anonymous one.
          if (sessionStore.getState().hasSession || readTokenCookie(browserCookieJar)) return;
          sessionStore.getState().setTokens(tokens);
        })
        .catch((error: unknown) => {
          console.warn('[session] could not obtain an anonymous access token; continuing unauthenticated', error);
        })
        .finally(() => {
          granted = true;
          settled();
        });
      resolve(grant);
    });
  });
}

import { configurePortalApi, portalTokenClient } from '@portal/shared/api';
import { browserCookieJar, configureSession, readTokenCookie, sessionStore } from '@portal/shared/session';

/**
 * Wires the session to the token endpoint and gives a visitor an anonymous session (and so a cart)
 * without an account. If the anonymous grant fails, the portal goes on unauthenticated with a
 * warning (spec section 8).
 *
 * Nothing waits for the anonymous grant but the API calls that carry a token (decision 024): the page
 * renders at once, and an authenticated call made meanwhile waits for the grant rather than going out
 * without a token (and so without the visitor's cart).
 */
export function startPlatform(): Promise<void> {
  configureSession({ refresh: (refreshToken) => portalTokenClient().refresh(refreshToken) });
  if (sessionStore.getState().hasSession) return Promise.resolve();
  const grant = portalTokenClient()
    .anonymous()
    .then((tokens) => {
      // A sign-in may have happened while the anonymous grant was on its way, here or in another
      // tab (the cookie is shared): never overwrite a session with an anonymous one.
      if (sessionStore.getState().hasSession || readTokenCookie(browserCookieJar)) return;
      sessionStore.getState().setTokens(tokens);
    })
    .catch((error: unknown) => {
      console.warn('[session] could not obtain an anonymous access token; continuing unauthenticated', error);
    });
  let granted = false;
  void grant.then(() => (granted = true));
  configurePortalApi({
    getAccessToken: async () => {
      if (!granted) await grant;
      return sessionStore.getState().getValidAccessToken();
    },
  });
  return grant;
}

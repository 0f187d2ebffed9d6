// The clients the auth screens use. The token client authenticates as the public browser client
// `portal-web`; the gateway injects its (not secret) secret in a meta tag, the development default
// is used when it is absent. Other calls go through an unauthenticated API client.
import { createApiClient, createTokenClient, type ApiClient, type TokenClient } from '@portal/shared/api';

export const OAUTH_CLIENT_ID = 'portal-web';
const DEVELOPMENT_CLIENT_SECRET = 'portal-web-development-secret';

let tokenClient: TokenClient | undefined;

/** The token endpoint client (one per page load). */
export function getTokenClient(): TokenClient {
  if (!tokenClient) {
    const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="portal-oauth-client-secret"]');
    tokenClient = createTokenClient({
      clientId: OAUTH_CLIENT_ID,
      clientSecret: meta?.content || DEVELOPMENT_CLIENT_SECRET,
      // The page's language: a two-factor code mailed on sign-in is written in it.
      getLocale: () => document.documentElement.lang || 'en-US',
    });
  }
  return tokenClient;
}

const apiClients = new Map<string, ApiClient>();

/** The unauthenticated API client, speaking the page's language (mail is written in it). */
export function getAuthApi(locale: string): ApiClient {
  let client = apiClients.get(locale);
  if (!client) {
    client = createApiClient({ authenticated: false, getLocale: () => locale, getShopType: () => 'portal' });
    apiClients.set(locale, client);
  }
  return client;
}

import { globalSingleton } from '../bus/global-singleton';
import { sessionStore } from '../session/session';
import { createApiClient, type ApiClient, type ApiClientOptions } from './api-client';
import { createTokenClient, type TokenClient } from './token-client';
import { SHOP_TYPES, type ShopType } from './shop-type';

/** What the shell may set for the portal's clients (everything else has a browser default). */
export type PortalApiSettings = Partial<Omit<ApiClientOptions, 'authenticated'>>;

/** A meta tag's value; an unfilled `__PLACEHOLDER__` (a page not served by the gateway) counts as none. */
function metaContent(name: string): string | undefined {
  const value = globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && !value.startsWith('__') ? value : undefined;
}

/** The shop this page serves: the gateway writes it into `<meta name="portal-shop-type">`. */
export function currentShopType(): ShopType {
  const value = metaContent('portal-shop-type');
  return (SHOP_TYPES as readonly string[]).includes(value ?? '') ? (value as ShopType) : 'portal';
}

interface PortalClients {
  settings: PortalApiSettings;
  authenticated?: ApiClient;
  anonymous?: ApiClient;
  tokens?: TokenClient;
}

/** The browser's OAuth client id when the page names none. */
export const DEFAULT_CLIENT_ID = 'portal-web';
// The API's development default. A browser is a public client (RFC 6749 section 2.1): its "secret"
// is in every page anyway; the gateway writes the configured one into <meta>. In production the API
// refuses this default, so a page without the meta tag fails loudly instead of silently.
const DEVELOPMENT_CLIENT_SECRET = 'portal-web-development-secret';

// One pair of clients for every bundle (a globalThis singleton like the bus and the session).
const clients = globalSingleton<PortalClients>('@portal/shared/api/clients', () => ({ settings: {} }));

function build(authenticated: boolean): ApiClient {
  return createApiClient({
    authenticated,
    getAccessToken: () => sessionStore.getState().getValidAccessToken(),
    // The shell keeps <html lang> on the current locale's tag (en-US, nl-BE, fr-FR).
    getLocale: () => globalThis.document?.documentElement.lang || 'en-US',
    getShopType: currentShopType,
    ...clients.settings,
  });
}

/** Changes the settings of the portal's clients (the shell calls this once at start). */
export function configurePortalApi(settings: PortalApiSettings): void {
  clients.settings = { ...clients.settings, ...settings };
  clients.authenticated = undefined;
  clients.anonymous = undefined;
  clients.tokens = undefined;
}

/**
 * The portal's API client for signed-in and visitor calls: Bearer token from the session (refreshed
 * when expired), Accept-Language, X-Shop-Type; a 401 announces `api:unauthorized` on the bus.
 */
export function portalApi(): ApiClient {
  return (clients.authenticated ??= build(true));
}

/** The unauthenticated client: no token, and a 401 is an answer, not a lost session. */
export function publicApi(): ApiClient {
  return (clients.anonymous ??= build(false));
}

/** The token endpoint client of this page (client id and secret from the gateway's meta tags). */
export function portalTokenClient(): TokenClient {
  return (clients.tokens ??= createTokenClient({
    getLocale: () => globalThis.document?.documentElement.lang || 'en-US',
    clientId: metaContent('portal-oauth-client-id') || DEFAULT_CLIENT_ID,
    clientSecret: metaContent('portal-oauth-client-secret') || DEVELOPMENT_CLIENT_SECRET,
    ...(clients.settings.baseURL !== undefined ? { baseURL: clients.settings.baseURL } : {}),
  }));
}

import { globalSingleton } from '../bus/global-singleton';
import { isLocale, LOCALE_TAGS } from '../i18n/locales';
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

/**
 * The language of the page, sent as Accept-Language: the URL's locale prefix (`/nl/...` -> nl-BE)
 * first, because the shell sets `<html lang>` in an effect that runs after a page's first queries
 * have started; `<html lang>` where the path has none.
 */
export function currentLocaleTag(): string {
  const first = globalThis.location?.pathname.split('/')[1];
  if (first && isLocale(first)) return LOCALE_TAGS[first];
  return globalThis.document?.documentElement.lang || LOCALE_TAGS.en;
}

/** Which client: the page's shop by default, or another one (a page may show two shops). */
export interface PortalClientOptions {
  /** The shop the calls are made for (X-Shop-Type); default: the page's (`currentShopType()`). */
  shop?: ShopType;
}

interface PortalClients {
  settings: PortalApiSettings;
  /** Keyed by `authenticated|anonymous` and the shop override (or `page`). */
  api: Map<string, ApiClient>;
  tokens?: TokenClient;
}

/** The browser's OAuth client id when the page names none (the API's public browser client). */
export const DEFAULT_CLIENT_ID = 'portal-web';
// The API's development default. A browser is a public client (RFC 6749 section 2.1): its "secret"
// is in every page anyway; the gateway writes the configured one into <meta>. In production the API
// refuses this default, so a page without the meta tag fails loudly instead of silently.
const DEVELOPMENT_CLIENT_SECRET = 'portal-web-development-secret';

// One pair of clients for every bundle (a globalThis singleton like the bus and the session).
const clients = globalSingleton<PortalClients>('@portal/shared/api/clients', () => ({ settings: {}, api: new Map() }));

function client(authenticated: boolean, shop: ShopType | undefined): ApiClient {
  const key = `${authenticated ? 'authenticated' : 'anonymous'}|${shop ?? 'page'}`;
  let api = clients.api.get(key);
  if (!api) {
    api = createApiClient({
      authenticated,
      getAccessToken: () => sessionStore.getState().getValidAccessToken(),
      getLocale: currentLocaleTag,
      getShopType: shop ? () => shop : currentShopType,
      ...clients.settings,
    });
    clients.api.set(key, api);
  }
  return api;
}

/** Changes the settings of the portal's clients (the shell calls this once at start; tests too). */
export function configurePortalApi(settings: PortalApiSettings): void {
  clients.settings = { ...clients.settings, ...settings };
  clients.api.clear();
  clients.tokens = undefined;
}

/**
 * The portal's API client for signed-in and visitor calls: Bearer token from the session (refreshed
 * when expired), Accept-Language, X-Shop-Type; a 401 announces `api:unauthorized` on the bus.
 */
export function portalApi(options: PortalClientOptions = {}): ApiClient {
  return client(true, options.shop);
}

/** The unauthenticated client: no token, and a 401 is an answer, not a lost session. */
export function publicApi(options: PortalClientOptions = {}): ApiClient {
  return client(false, options.shop);
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

// The catalog's API clients, one per shop type (the shop travels as X-Shop-Type): one page may call
// the contract range and a public shop, so the shared portalApi(), whose shop is the page's, is not
// enough here. The token comes from the shell's session, as for portalApi().
import { createApiClient, type ApiClient, type ShopType } from '@portal/shared/api';
import { sessionStore } from '@portal/shared/session';
import { localeFromPath } from './locale';

const clients = new Map<ShopType, ApiClient>();

/** The API client for a shop; the locale is read from the URL at each call. */
export function apiFor(shop: ShopType): ApiClient {
  let client = clients.get(shop);
  if (!client) {
    client = createApiClient({
      authenticated: true,
      getAccessToken: () => sessionStore.getState().getValidAccessToken(),
      getLocale: () => {
        const locale = localeFromPath();
        return locale === 'xx' ? 'en' : locale;
      },
      getShopType: () => shop,
    });
    clients.set(shop, client);
  }
  return client;
}

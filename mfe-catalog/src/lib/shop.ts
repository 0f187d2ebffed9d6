// Which shop a page shows (docs/decisions/007-catalog-search-and-shops.md): the contract portal under
// /my-products; under /products the public shop of the host name (medical.… / tactical.…), or, on a
// host that serves both (one-origin deployments, development), the `shop` search parameter.
import { useLocation, useSearchParams } from '@portal/shared/router';
import type { ShopType } from '@portal/shared/api';
import { PUBLIC_SHOPS, resolveShop, shopOfHost, type PublicShop } from '@portal/shared/schemas/shop';

// The rule itself is shared: the gateway reads the shop of a page with it too (docs/decisions/030).
export { PUBLIC_SHOPS, resolveShop, shopOfHost, type PublicShop };

/** The shop of the current page, and whether the host fixes it (then no shop switcher is shown). */
export function useShop(): { shop: ShopType; fixedByHost: boolean } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const hostname = typeof window === 'undefined' ? 'localhost' : window.location.hostname;
  return { shop: resolveShop(pathname, hostname, params.get('shop')), fixedByHost: shopOfHost(hostname) !== null };
}

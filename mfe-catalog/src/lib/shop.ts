// Which shop a page shows (docs/decisions/007-catalog-search-and-shops.md): the contract portal under
// /my-products; under /products the public shop of the host name (medical.… / tactical.…), or, on a
// host that serves both (one-origin deployments, development), the `shop` search parameter.
import { useLocation, useSearchParams } from '@portal/shared/router';
import type { ShopType } from '@portal/shared/api';
import { PUBLIC_SHOPS, type PublicShop } from '@portal/shared/schemas/shop';

export { PUBLIC_SHOPS, type PublicShop };

/** The public shop a host name is dedicated to, if any (`tactical.example.com` → tactical). */
export function shopOfHost(hostname: string): PublicShop | null {
  const label = hostname.split('.')[0]?.toLowerCase();
  return label === 'medical' || label === 'tactical' ? label : null;
}

/** The shop of a page: `portal` for the contract range, else the public shop. */
export function resolveShop(pathname: string, hostname: string, shopParam: string | null): ShopType {
  if (pathname.split('/')[2] === 'my-products' || pathname.split('/')[2] === 'quick-order') return 'portal';
  const host = shopOfHost(hostname);
  if (host) return host;
  return shopParam === 'tactical' ? 'tactical' : 'medical';
}

/** The shop of the current page, and whether the host fixes it (then no shop switcher is shown). */
export function useShop(): { shop: ShopType; fixedByHost: boolean } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const hostname = typeof window === 'undefined' ? 'localhost' : window.location.hostname;
  return { shop: resolveShop(pathname, hostname, params.get('shop')), fixedByHost: shopOfHost(hostname) !== null };
}

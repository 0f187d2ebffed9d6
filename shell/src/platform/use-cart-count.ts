// The header's cart count: the number of lines of the caller's cart (a visitor's anonymous one too),
// read under the shared cart key, so whatever a remote does to the cart (invalidating the key, or
// announcing `cart:item-added` / `cart:changed` on the bus) shows here at once. No response schema:
// the shop schemas would join every page's first download for one number.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { useSession } from '@portal/shared/session';
import { cartShopFor } from './cart-shop';

type CartLike = { lines?: unknown };

/** Lines in the cart, or null while unknown (no session yet, or the cart could not be read). */
export function useCartCount(): number | null {
  const queryClient = useQueryClient();
  const hasSession = useSession((s) => s.hasSession);
  const claims = useSession((s) => s.claims);
  const shop = cartShopFor(claims);
  const cart = useQuery({
    queryKey: queryKeys.cart.all,
    queryFn: ({ signal }) => portalApi({ shop }).get('/cart', { signal }) as Promise<CartLike>,
    enabled: hasSession,
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
    const offAdded = bus.on('cart:item-added', refresh);
    const offChanged = bus.on('cart:changed', refresh);
    return () => {
      offAdded();
      offChanged();
    };
  }, [queryClient]);

  const lines = cart.data?.lines;
  return hasSession && Array.isArray(lines) ? lines.length : null;
}

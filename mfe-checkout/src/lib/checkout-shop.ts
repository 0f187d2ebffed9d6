// The shop the checkout's calls are made for (X-Shop-Type). A contract customer orders from the
// contract range (`portal`); a visitor or a web-shop customer from the public shop: the one the host
// is dedicated to, else the one of their token, else the medical shop. Asking the contract range as a
// visitor would answer 401 and send them to the login page.
import { currentShopType, type ShopType } from '@portal/shared/api';
import { useSession } from '@portal/shared/session';

export function useCheckoutShop(): ShopType {
  const claims = useSession((s) => s.claims);
  const page = currentShopType();
  if (page !== 'portal') return page;
  if (claims?.org) return 'portal';
  return claims?.shop ?? 'medical';
}

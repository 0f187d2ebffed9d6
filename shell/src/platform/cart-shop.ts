// The shop the header's cart and the sign-in merge ask for (X-Shop-Type): a contract customer's cart
// is priced from the contract range (`portal`); a visitor's or a web-shop customer's from the public
// shop of the host, of their token, else the medical shop. The contract range would answer a visitor
// 401 and send them to the login page. The checkout remote decides the same way.
import { currentShopType, type ShopType } from '@portal/shared/api';
import type { SessionState } from '@portal/shared/session';

type Claims = SessionState['claims'];

export function cartShopFor(claims: Claims, fallback?: Claims): ShopType {
  const page = currentShopType();
  if (page !== 'portal') return page;
  if (claims?.org) return 'portal';
  return claims?.shop ?? fallback?.shop ?? 'medical';
}

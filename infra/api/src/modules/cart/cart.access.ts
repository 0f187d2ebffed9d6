// Access policy of the cart (see http/access-policy.ts): only a signed-in customer of an
// organisation has a cart; visitors and anonymous sessions get 401 CATALOG_LOGIN_REQUIRED (the
// login-required dialog), staff 403 CATALOG_CUSTOMERS_ONLY (signed in: a 401 would loop them through
// sign-in). Another organisation's contract-only product cannot be added.
import { everyone, type AccessTable } from '../../http/access-policy';

const portal = { 'x-shop-type': 'portal' };
const sessions = { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 };
const shop = { 'x-shop-type': 'medical' };

export const cartAccess: AccessTable = {
  'GET /api/v1/cart': { request: () => ({ headers: shop }), expect: sessions, forged: 401 },
  'POST /api/v1/cart/items': {
    request: (fx) => ({ headers: shop, payload: { product_id: fx.publicProduct.id, quantity: 1 } }),
    expect: sessions,
    forged: 401,
    foreign: { request: (fx) => ({ headers: portal, payload: { product_id: fx.productB.id, quantity: 1 } }), expect: 404 },
  },
  'POST /api/v1/cart/items/bulk': {
    request: (fx) => ({ headers: shop, payload: { lines: [{ product_id: fx.publicProduct.id, quantity: 1 }] } }),
    expect: sessions,
    forged: 401,
    foreign: { request: (fx) => ({ headers: portal, payload: { lines: [{ product_id: fx.productB.id, quantity: 1 }] } }), expect: 404 },
  },
};

// Access policy of the cart (see security/access-policy.ts): a signed-in customer has a cart, and so has
// a visitor's anonymous session in the public shops; visitors without a session get 401
// CATALOG_LOGIN_REQUIRED (the login-required dialog), staff 403 CATALOG_CUSTOMERS_ONLY (signed in:
// a 401 would loop them through sign-in). Another organisation's contract-only product cannot be
// added. The matrix calls the routes in registration order, so the line that PUT changes is the
// one POST added before.
import { everyone, type AccessTable } from '../access-policy';

const portal = { 'x-shop-type': 'portal' };
const sessions = { ...everyone(200), none: 401, staffAssigned: 403, staffUnassigned: 403 };
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
  'PUT /api/v1/cart/items/:productId': {
    request: (fx) => ({ url: `/api/v1/cart/items/${fx.publicProduct.id}`, headers: shop, payload: { quantity: 1 } }),
    expect: sessions,
    forged: 401,
    // B's product is in no cart of A's: not found, and nothing about it is told.
    foreign: { request: (fx) => ({ url: `/api/v1/cart/items/${fx.productB.id}`, headers: portal, payload: { quantity: 1 } }), expect: 404 },
  },
  'DELETE /api/v1/cart/items/:productId': {
    request: (fx) => ({ url: `/api/v1/cart/items/${fx.publicProduct.id}`, headers: shop }),
    expect: sessions,
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/cart/items/${fx.productB.id}`, headers: portal }), expect: 200 },
  },
  // Only a signed-in customer merges; a token that is not an anonymous session's is refused (422).
  'POST /api/v1/cart/merge': {
    request: () => ({ headers: shop, payload: { anonymous_token: 'not-a-token' } }),
    expect: { ...sessions, anonymous: 401, buyerA: 422, adminA: 422, buyerB: 422 },
    forged: 401,
  },
};

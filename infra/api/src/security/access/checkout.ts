// Access policy of the checkout (see security/access-policy.ts): signed-in customers only; staff 403
// CATALOG_CUSTOMERS_ONLY, anonymous sessions and visitors 401 (the login-required dialog).
import { everyone, type AccessTable } from '../access-policy';

const customers = { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 };
const portal = { 'x-shop-type': 'portal' };

export const checkoutAccess: AccessTable = {
  'GET /api/v1/checkout/shipping-methods': { request: () => ({ url: '/api/v1/checkout/shipping-methods?country=BE', headers: portal }), expect: customers, forged: 401 },
  'POST /api/v1/checkout/preview': { request: () => ({ headers: portal, payload: { delivery_country: 'BE', shipping_method: 'standard' } }), expect: customers, forged: 401 },
};

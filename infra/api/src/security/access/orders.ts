// Access policy of orders (see security/access-policy.ts). Placing: signed-in customers only (staff
// 403, visitors 401); the matrix sends no Idempotency-Key, so a customer gets 400
// CHECKOUT_IDEMPOTENCY_KEY_REQUIRED and nothing is placed. Reading: a customer their
// organisation's orders, staff their assigned organisations'; anyone else's is 404.
import { everyone, type AccessTable } from '../access-policy';

const portal = { 'x-shop-type': 'portal' };
const PLACE = {
  billing_address_id: '00000000-0000-4000-8000-000000000000',
  delivery_address_id: '00000000-0000-4000-8000-000000000000',
  shipping_method: 'standard',
  submitter: { first_name: 'Lucas', last_name: 'Janssens', function: 'Nurse manager', full_name: 'Lucas Janssens', declaration: true },
};

export const ordersAccess: AccessTable = {
  'POST /api/v1/orders': {
    request: () => ({ headers: portal, payload: PLACE }),
    expect: { ...everyone(400), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 },
    forged: 401,
  },
  'GET /api/v1/orders/:id': {
    request: (fx) => ({ url: `/api/v1/orders/${fx.orderA.id}` }),
    expect: { ...everyone(200), none: 401, anonymous: 401, buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/orders/${fx.orderB.id}` }), expect: 404 },
  },
};

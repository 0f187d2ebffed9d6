// Access policy of online payment (see security/access-policy.ts).
// - The webhook reads no token: only a valid signature is accepted (401 without one).
// - The development provider's hosted page and its form are reached by their unguessable payment
//   id, like a real provider's hosted page (decision 019); an unknown id is 404 for everyone.
// - The retry is for customers of the order's organisation; another organisation's order, a staff
//   member or a missing order: 404; no sign-in: 401.
import { everyone, type AccessTable } from '../access-policy';

const UNKNOWN_PAYMENT = '/api/v1/payments/dev/dev_00000000-0000-4000-8000-000000000000';
const UNKNOWN_ORDER = '00000000-0000-4000-8000-000000000000';

export const paymentsAccess: AccessTable = {
  'POST /api/v1/payments/webhook/dev': {
    request: () => ({ payload: { id: 'evt_matrix', payment_id: 'dev_matrix', status: 'paid' } }),
    expect: everyone(401),
    forged: 'ignored',
  },
  'GET /api/v1/payments/dev/:paymentId': {
    request: () => ({ url: UNKNOWN_PAYMENT }),
    expect: everyone(404),
    forged: 'ignored',
    foreign: { request: () => ({ url: UNKNOWN_PAYMENT }), expect: 404 },
  },
  'POST /api/v1/payments/dev/:paymentId': {
    request: () => ({ url: UNKNOWN_PAYMENT, payload: { outcome: 'paid' } }),
    expect: everyone(404),
    forged: 'ignored',
    foreign: { request: () => ({ url: UNKNOWN_PAYMENT, payload: { outcome: 'paid' } }), expect: 404 },
  },
  'POST /api/v1/orders/:id/payment': {
    request: () => ({ url: `/api/v1/orders/${UNKNOWN_ORDER}/payment` }),
    expect: { ...everyone(404), none: 401, anonymous: 401 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/orders/${fx.orderB.id}/payment` }), expect: 404 },
  },
};

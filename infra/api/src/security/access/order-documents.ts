// Access policy of the order documents (see security/access-policy.ts): the order form of an order of
// the caller's organisation (staff: of an assigned organisation); anyone else's answers 404 as a
// missing order does; no sign-in: 401.
import { everyone, type AccessTable } from '../access-policy';

export const orderDocumentsAccess: AccessTable = {
  'GET /api/v1/orders/:id/order-form.pdf': {
    request: (fx) => ({ url: `/api/v1/orders/${fx.orderA.id}/order-form.pdf` }),
    expect: { ...everyone(200), none: 401, anonymous: 401, buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/orders/${fx.orderB.id}/order-form.pdf` }), expect: 404 },
  },
};

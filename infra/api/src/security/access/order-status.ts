// Access policy of order moves. The matrix uses a delivered, confirmed order so that nothing moves:
// staff of the organisation get 409 (no move from delivered), customers 403 (not their move) or 409
// (already confirmed), anyone outside the organisation 404.
import { signedIn, type AccessTable } from '../access-policy';

const url = (id: string, action: string) => `/api/v1/orders/${id}/${action}`;

export const orderStatusAccess: AccessTable = {
  'POST /api/v1/orders/:id/status': {
    request: (fx) => ({ url: url(fx.historyOrders.deliveredA.id, 'status'), payload: { status: 'processing' } }),
    expect: { ...signedIn(409), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.historyOrders.deliveredB.id, 'status'), payload: { status: 'processing' } }), expect: 404 },
  },
  'POST /api/v1/orders/:id/confirm-delivery': {
    request: (fx) => ({ url: url(fx.historyOrders.deliveredA.id, 'confirm-delivery') }),
    expect: { ...signedIn(409), buyerB: 404, staffAssigned: 403, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.historyOrders.deliveredB.id, 'confirm-delivery') }), expect: 404 },
  },
  'POST /api/v1/orders/:id/problems': {
    request: (fx) => ({ url: url(fx.historyOrders.deliveredA.id, 'problems'), payload: { lines: [{ line_id: '00000000-0000-4000-8000-000000000000', kind: 'missing', quantity: 1 }] } }),
    expect: { ...signedIn(422), buyerB: 404, staffAssigned: 403, staffUnassigned: 404 },
    forged: 401,
    foreign: {
      request: (fx) => ({ url: url(fx.historyOrders.deliveredB.id, 'problems'), payload: { lines: [{ line_id: '00000000-0000-4000-8000-000000000000', kind: 'missing', quantity: 1 }] } }),
      expect: 404,
    },
  },
};

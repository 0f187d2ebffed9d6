// Access policy of order messages: the organisation's people and its assigned staff; nobody else
// learns that the order exists (404).
import { signedIn, type AccessTable } from '../access-policy';

const url = (id: string) => `/api/v1/orders/${id}/messages`;

export const orderMessagesAccess: AccessTable = {
  'GET /api/v1/orders/:id/messages': {
    request: (fx) => ({ url: url(fx.historyOrders.deliveredA.id) }),
    expect: { ...signedIn(200), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.historyOrders.deliveredB.id) }), expect: 404 },
  },
  'POST /api/v1/orders/:id/messages': {
    request: (fx) => ({ url: url(fx.historyOrders.deliveredA.id), payload: { body: 'Access matrix check' } }),
    expect: { ...signedIn(201), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.historyOrders.deliveredB.id), payload: { body: 'Access matrix check' } }), expect: 404 },
  },
};

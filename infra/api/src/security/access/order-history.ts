// Access policy of my orders: every signed-in person with an organisation or an assignment. Staff
// not assigned to the organisation get 404 (the order is not there for them), as does B's buyer.
import { signedIn, type AccessTable } from '../access-policy';

export const orderHistoryAccess: AccessTable = {
  'GET /api/v1/orders': { expect: signedIn(200), forged: 401 },
  'GET /api/v1/my-orders/:number': {
    request: (fx) => ({ url: `/api/v1/my-orders/${fx.historyOrders.deliveredA.number}` }),
    expect: { ...signedIn(200), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/my-orders/${fx.historyOrders.deliveredB.number}` }), expect: 404 },
  },
};

// Access policy of decision 070's buyer routes (see security/access-policy.ts). The delivery note of a
// shipment of an order the caller may see (staff: an assigned organisation's): anyone else's is a 404
// as a missing one is. The UDI export: every member of a customer organisation (its own orders'
// units, so B's buyer gets B's: 200 with none of A's), staff 403, no sign-in 401.
import { signedIn, type AccessTable } from '../access-policy';

export const devicesAccess: AccessTable = {
  'GET /api/v1/my-orders/:number/shipments/:shipment_id/delivery-note.pdf': {
    // The demo's shipped orders have the warehouse's shipment `DEMO-<number>` (seed/demo-shipments.ts).
    request: (fx) => ({ url: `/api/v1/my-orders/${fx.historyOrders.deliveredA.number}/shipments/DEMO-${fx.historyOrders.deliveredA.number}/delivery-note.pdf` }),
    expect: { ...signedIn(200), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: {
      request: (fx) => ({ url: `/api/v1/my-orders/${fx.historyOrders.deliveredB.number}/shipments/DEMO-${fx.historyOrders.deliveredB.number}/delivery-note.pdf` }),
      expect: 404,
    },
  },
  'GET /api/v1/udi-export': {
    request: () => ({ url: '/api/v1/udi-export?from=2026-01-01&to=2026-12-31&devices=all' }),
    expect: { ...signedIn(200), staffAssigned: 403, staffUnassigned: 403 },
    forged: 401,
  },
};

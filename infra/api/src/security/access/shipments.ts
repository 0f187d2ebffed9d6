// Access policy of the shipments routes (decision 050): integration clients with their scope only;
// people and sessions 403 INTEGRATION_CLIENT_REQUIRED. The valid report names a delivered order, so
// the client's call is refused (409, nothing can ship from delivered) and the matrix changes nothing.
import { integration, type AccessTable } from '../access-policy';

export const shipmentsAccess: AccessTable = {
  'POST /api/integration/v1/shipments': {
    request: (fx) => ({
      payload: {
        shipment_id: 'MATRIX-1',
        order_number: fx.historyOrders.deliveredA.number,
        carrier: 'bpost',
        tracking_reference: '3SMATRIX1',
        tracking_url: 'https://track.example/3SMATRIX1',
        shipped_on: '2026-11-27',
        lines: [{ article_code: fx.productA.code, quantity: 1, lot: 'L1', expiry_on: '2028-02-29', serial_numbers: ['S1'] }],
      },
    }),
    expect: integration(409),
    forged: 401,
  },
  'GET /api/integration/v1/orders/:number': {
    request: (fx) => ({ url: `/api/integration/v1/orders/${fx.historyOrders.deliveredA.number}` }),
    expect: integration(200),
    forged: 401,
    // A buyer never reads an order through the integration route, their own organisation's or another's.
    foreign: { request: (fx) => ({ url: `/api/integration/v1/orders/${fx.historyOrders.deliveredB.number}` }), expect: 403 },
  },
  'GET /api/integration/v1/orders': { request: () => ({ url: '/api/integration/v1/orders?status=delivered&limit=5' }), expect: integration(200), forged: 401 },
};

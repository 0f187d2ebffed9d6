// Access policy of order lists (decision 056). A list is its organisation's: B's buyer and staff never
// reach A's; a private list is its author's only (A's buyer gets 404 on A's administrator's private
// list). The matrix's requests change nothing it later relies on: they read, make new lists, edit
// A's shared list's line, and ask to order or remove products that are not on the list (404).
import { signedIn, type AccessTable } from '../access-policy';

const url = (id: string, action = '') => `/api/v1/order-lists/${id}${action}`;
const NOT_ON_LIST = '00000000-0000-4000-8000-000000000000';
/** Customers of an organisation: `status`; B's buyer 404 (A's list); staff 403; no token 401. */
const ofA = (status: number) => ({ ...signedIn(status), buyerB: 404, staffAssigned: 403, staffUnassigned: 403 });
const customers = (status: number) => ({ ...signedIn(status), staffAssigned: 403, staffUnassigned: 403 });

export const orderListsAccess: AccessTable = {
  'GET /api/v1/order-lists': { expect: customers(200), forged: 401 },
  'POST /api/v1/order-lists': { request: () => ({ payload: { name: 'Matrix list' } }), expect: customers(201), forged: 401 },
  'GET /api/v1/order-lists/:id': {
    // A's administrator's PRIVATE list: its author sees it, A's buyer does not.
    request: (fx) => ({ url: url(fx.orderLists.privateAdminA) }),
    expect: { ...ofA(200), buyerA: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB) }), expect: 404 },
  },
  'PATCH /api/v1/order-lists/:id': {
    request: (fx) => ({ url: url(fx.orderLists.sharedA), payload: { shared: true } }),
    expect: ofA(200),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB), payload: { shared: false } }), expect: 404 },
  },
  'DELETE /api/v1/order-lists/:id': {
    request: () => ({ url: url(NOT_ON_LIST) }),
    expect: customers(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB) }), expect: 404 },
  },
  'POST /api/v1/order-lists/:id/lines': {
    request: (fx) => ({ url: url(fx.orderLists.sharedA, '/lines'), payload: { lines: [{ product_id: fx.productA.id, quantity: 1 }] } }),
    expect: ofA(200),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB, '/lines'), payload: { lines: [{ product_id: fx.productA.id, quantity: 1 }] } }), expect: 404 },
  },
  'PUT /api/v1/order-lists/:id/lines/:productId': {
    request: (fx) => ({ url: url(fx.orderLists.sharedA, `/lines/${fx.productA.id}`), payload: { quantity: 2 } }),
    expect: ofA(200),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB, `/lines/${fx.productA.id}`), payload: { quantity: 2 } }), expect: 404 },
  },
  'DELETE /api/v1/order-lists/:id/lines/:productId': {
    request: (fx) => ({ url: url(fx.orderLists.sharedA, `/lines/${NOT_ON_LIST}`) }),
    expect: ofA(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB, `/lines/${fx.productA.id}`) }), expect: 404 },
  },
  'POST /api/v1/order-lists/:id/order': {
    // A product not on the list: nothing goes in A's cart (the matrix's checkout requests read it).
    request: (fx) => ({ url: url(fx.orderLists.sharedA, '/order'), payload: { product_ids: [NOT_ON_LIST] } }),
    expect: ofA(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.orderLists.sharedB, '/order'), payload: {} }), expect: 404 },
  },
};

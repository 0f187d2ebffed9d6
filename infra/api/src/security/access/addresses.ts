// Access policy of the address book (see security/access-policy.ts): customers (administrators and
// buyers) read and change their own book; staff 403, anonymous sessions and no token 401. Another
// organisation's address id is 404 ADDRESS_NOT_FOUND.
import { everyone, type AccessTable } from '../access-policy';

const customers = { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 };
const ANTWERP = { label: 'Matrix', type: 'shipping', street: 'Meir', nr: '1', postal_code: '2000', city: 'Antwerpen', country: 'BE', email: 'matrix@example.com', phone: '+32 3 000 00 00' };
const NOBODY = '00000000-0000-4000-8000-000000000000';

export const addressesAccess: AccessTable = {
  'GET /api/v1/addresses': { expect: customers, forged: 401 },
  'POST /api/v1/addresses': { request: () => ({ payload: ANTWERP }), expect: { ...customers, buyerA: 201, adminA: 201, buyerB: 201 }, forged: 401 },
  'PUT /api/v1/addresses/:id': {
    // A's own address: A's people may change it, B's buyer does not find it.
    request: (fx) => ({ url: `/api/v1/addresses/${fx.addressA.id}`, payload: { ...ANTWERP, label: 'Matrix A' } }),
    expect: { ...customers, buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/addresses/${fx.addressB.id}`, payload: ANTWERP }), expect: 404 },
  },
  'DELETE /api/v1/addresses/:id': {
    request: () => ({ url: `/api/v1/addresses/${NOBODY}` }),
    expect: { ...customers, buyerA: 404, adminA: 404, buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/addresses/${fx.addressB.id}` }), expect: 404 },
  },
};

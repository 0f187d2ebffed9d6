// Access policy of quotations. The matrix's requests change nothing it later relies on: it reads,
// creates empty drafts, and asks for steps that the quotation's status refuses (a sent quotation
// cannot be edited, sent, accepted or deleted... by the wrong side).
import { signedIn, type AccessTable } from '../access-policy';

const url = (id: string, action = '') => `/api/v1/quotations/${id}${action}`;
const customersOnly = (status: number) => ({ ...signedIn(status), buyerB: 404, staffAssigned: 403, staffUnassigned: 403 });

export const quotationsAccess: AccessTable = {
  'GET /api/v1/quotations': { expect: signedIn(200), forged: 401 },
  'POST /api/v1/quotations': { request: () => ({ payload: {} }), expect: { ...signedIn(201), staffAssigned: 403, staffUnassigned: 403 }, forged: 401 },
  'GET /api/v1/quotations/:id': {
    request: (fx) => ({ url: url(fx.quotations.sentA) }),
    expect: { ...signedIn(200), buyerB: 404, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.quotations.sentB) }), expect: 404 },
  },
  'PUT /api/v1/quotations/:id': {
    request: (fx) => ({ url: url(fx.quotations.sentA), payload: { lines: [] } }),
    expect: customersOnly(409),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.quotations.sentB), payload: { lines: [] } }), expect: 404 },
  },
  'DELETE /api/v1/quotations/:id': {
    request: () => ({ url: url('00000000-0000-4000-8000-000000000000') }),
    expect: { ...signedIn(404), staffAssigned: 403, staffUnassigned: 403 },
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.quotations.sentB) }), expect: 404 },
  },
  'POST /api/v1/quotations/:id/send': {
    request: (fx) => ({ url: url(fx.quotations.sentA, '/send') }),
    expect: customersOnly(409),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.quotations.sentB, '/send') }), expect: 404 },
  },
  'POST /api/v1/quotations/:id/accept': {
    request: (fx) => ({ url: url(fx.quotations.sentA, '/accept') }),
    expect: customersOnly(409),
    forged: 401,
    foreign: { request: (fx) => ({ url: url(fx.quotations.sentB, '/accept') }), expect: 404 },
  },
  'POST /api/v1/quotations/:id/answer': {
    request: (fx) => ({ url: url(fx.quotations.draftA, '/answer'), payload: { valid_until: '2099-01-01', lines: [{ product_id: fx.productA.id, unit_price_excl_vat: 100 }] } }),
    expect: { ...signedIn(403), buyerB: 404, staffAssigned: 409, staffUnassigned: 404 },
    forged: 401,
    foreign: {
      request: (fx) => ({ url: url(fx.quotations.draftB, '/answer'), payload: { valid_until: '2099-01-01', lines: [{ product_id: fx.productA.id, unit_price_excl_vat: 100 }] } }),
      expect: 404,
    },
  },
};

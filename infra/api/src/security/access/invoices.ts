// Access policy of invoices and credit notes (issue 30): scoped like orders. Reading: the
// organisation's people and its assigned staff; B's buyer and unassigned staff get 404, as for an id
// that does not exist. Acting (payment received, credit note): staff only; A's buyers, who can see
// the invoice, get 403. The matrix acts on a paid invoice with a line that is not on it, so nothing
// changes: staff get 409 (not payable) and 422 (not on the invoice).
import { integration, signedIn, type AccessTable, type MatrixFixtures } from '../access-policy';

const url = (id: string, tail = '') => `/api/v1/invoices/${id}${tail}`;
const NOT_A_LINE = { reason: 'Returned', lines: [{ order_line_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] };
const reading = { ...signedIn(200), buyerB: 404, staffUnassigned: 404 };
const acting = (staff: number) => ({ ...signedIn(403), buyerB: 404, staffAssigned: staff, staffUnassigned: 404 });
const foreign = (tail: string, payload?: object) => ({ request: (fx: MatrixFixtures) => ({ url: url(fx.invoices.paidB, tail), ...(payload ? { payload } : {}) }), expect: 404 });

export const invoicesAccess: AccessTable = {
  'GET /api/v1/invoices': { expect: signedIn(200), forged: 401 },
  'GET /api/v1/invoices/:id': { request: (fx) => ({ url: url(fx.invoices.paidA) }), expect: reading, forged: 401, foreign: foreign('') },
  'GET /api/v1/invoices/:id/invoice.pdf': { request: (fx) => ({ url: url(fx.invoices.paidA, '/invoice.pdf') }), expect: reading, forged: 401, foreign: foreign('/invoice.pdf') },
  'GET /api/v1/invoices/:id/ubl.xml': { request: (fx) => ({ url: url(fx.invoices.paidA, '/ubl.xml') }), expect: reading, forged: 401, foreign: foreign('/ubl.xml') },
  'POST /api/v1/invoices/:id/payments': {
    request: (fx) => ({ url: url(fx.invoices.paidA, '/payments'), payload: {} }),
    expect: acting(409),
    forged: 401,
    foreign: foreign('/payments', {}),
  },
  'POST /api/v1/invoices/:id/credit-notes': {
    request: (fx) => ({ url: url(fx.invoices.paidA, '/credit-notes'), payload: NOT_A_LINE }),
    expect: acting(422),
    forged: 401,
    foreign: foreign('/credit-notes', NOT_A_LINE),
  },
  // The supplier's accounting system records a payment by number (scope payments:write): on the paid
  // invoice a replay, answered with the invoice and changing nothing.
  'POST /api/integration/v1/invoices/:number/payments': {
    request: (fx) => ({ url: `/api/integration/v1/invoices/${fx.invoices.paidANumber}/payments`, payload: {} }),
    expect: integration(200),
    forged: 401,
    // A buyer never records a payment through the integration route, their own organisation's or another's.
    foreign: { request: (fx) => ({ url: `/api/integration/v1/invoices/${fx.invoices.paidBNumber}/payments`, payload: {} }), expect: 403 },
  },
};

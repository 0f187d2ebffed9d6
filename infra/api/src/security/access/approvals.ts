// Access policy of approvals (issue 33). Rules: the organisation's administrators only (buyers and
// staff 403); a rule of another organisation is not found. Requests: the buyer their own, approvers
// and administrators their organisation's; staff are refused as at the checkout (403). The matrix
// changes nothing it relies on: the rule it adds is above the money range (never met), the decision
// it sends is on a request decided already (409), the submission names no address of the book (422).
import { everyone, type AccessTable } from '../access-policy';

const portal = { 'x-shop-type': 'portal' };
const ZERO = '00000000-0000-4000-8000-000000000000';
const SUBMIT = {
  billing_address_id: ZERO,
  delivery_address_id: ZERO,
  shipping_method: 'standard',
  submitter: { first_name: 'Lucas', last_name: 'Janssens', function: 'Nurse manager', full_name: 'Lucas Janssens', declaration: true },
};
/** Customers of an organisation reach the handler; staff 403 (customers only), no token 401. */
const customers = (status: number) => ({ ...everyone(status), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 });
/** Administrators only: A's administrator `status`, buyers 403, staff 403. */
const admins = (status: number) => ({ ...customers(403), adminA: status });
const rules = (id: string) => `/api/v1/approval-rules/${id}`;
const requests = (id: string, action = '') => `/api/v1/approval-requests/${id}${action}`;

export const approvalsAccess: AccessTable = {
  'GET /api/v1/approval-rules': { expect: admins(200), forged: 401 },
  'GET /api/v1/approval-rules/options': { expect: admins(200), forged: 401 },
  'POST /api/v1/approval-rules': {
    request: () => ({ payload: { kind: 'order_total_above', amount_cents: 100_000_000 } }),
    expect: admins(201),
    forged: 401,
  },
  'DELETE /api/v1/approval-rules/:id': {
    request: () => ({ url: rules(ZERO) }),
    expect: customers(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: rules(fx.approvals.ruleB) }), expect: 404 },
  },
  'POST /api/v1/approval-requests/check': { request: () => ({ headers: portal, payload: {} }), expect: customers(200), forged: 401 },
  'POST /api/v1/approval-requests': { request: () => ({ headers: portal, payload: SUBMIT }), expect: customers(422), forged: 401 },
  'GET /api/v1/approval-requests': { expect: customers(200), forged: 401 },
  'GET /api/v1/approval-requests/pending-count': { expect: customers(200), forged: 401 },
  'GET /api/v1/approval-requests/:id': {
    request: (fx) => ({ url: requests(fx.approvals.pendingA) }),
    expect: { ...customers(200), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: requests(fx.approvals.pendingB) }), expect: 404 },
  },
  'POST /api/v1/approval-requests/:id/decision': {
    request: (fx) => ({ url: requests(fx.approvals.decidedA, '/decision'), payload: { decision: 'reject', comment: 'matrix' } }),
    // A's buyer submitted it (not an approver: 403), A's administrator finds it decided (409).
    expect: { ...customers(409), buyerA: 403, buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: requests(fx.approvals.decidedB, '/decision'), payload: { decision: 'reject' } }), expect: 404 },
  },
};

// Access policy of cost centres and budgets (issue 33, decision 054; see security/access-policy.ts):
// the administrators of the caller's organisation manage them, buyers and staff are refused (403),
// an id of another organisation's cost centre is not found (404) whoever asks. The fixtures' cost
// centres are inactive, so the matrix's own placements need none.
import { everyone, type AccessTable, type MatrixCaller } from '../access-policy';

const admins = (status: number): Record<MatrixCaller, number> => ({ ...everyone(403), none: 401, anonymous: 401, adminA: status });
const costCentre = (code: string) => ({ code, name: 'Matrix ward', active: false, budget_cents: 100_000, period: 'month', buyer_ids: [] });

export const budgetsAccess: AccessTable = {
  'GET /api/v1/cost-centres': { expect: admins(200), forged: 401 },
  // The code of A's fixture: the administrator gets as far as the refusal (nothing created).
  'POST /api/v1/cost-centres': { request: (fx) => ({ payload: costCentre(fx.costCentres.codeA) }), expect: admins(409), forged: 401 },
  // Every customer sees their own choice (none for the web-shop); staff choose none.
  'GET /api/v1/cost-centres/mine': { expect: { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 }, forged: 401 },
  'GET /api/v1/cost-centres/:id': {
    request: (fx) => ({ url: `/api/v1/cost-centres/${fx.costCentres.a}` }),
    expect: { ...admins(200), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/cost-centres/${fx.costCentres.b}` }), expect: 404 },
  },
  'PUT /api/v1/cost-centres/:id': {
    request: (fx) => ({ url: `/api/v1/cost-centres/${fx.costCentres.a}`, payload: costCentre(fx.costCentres.codeA) }),
    expect: { ...admins(200), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/cost-centres/${fx.costCentres.b}`, payload: costCentre(fx.costCentres.codeA) }), expect: 404 },
  },
  'GET /api/v1/cost-centres/procurement-systems': { expect: admins(200), forged: 401 },
  // The matrix's organisations have no such identity: the administrator gets as far as the refusal (nothing written).
  'PUT /api/v1/cost-centres/procurement-systems': {
    request: () => ({ payload: { channel: 'cxml', sender: '00000000-0000-4000-8000-000000000000', default_cost_centre_id: null } }),
    expect: admins(404),
    forged: 401,
  },
  'PUT /api/v1/budget-rule': { request: () => ({ payload: { over_budget: 'refuse' } }), expect: admins(200), forged: 401 },
};

// Access policy of the staff's operations page (see security/access-policy.ts, decision 081): the
// supplier's staff only; buyers, a customer organisation's administrators and anonymous sessions are refused.
import { staffOnly, type AccessTable } from '../access-policy';

export const operationsAccess: AccessTable = {
  'GET /api/v1/staff/operations': { expect: staffOnly(200), forged: 401 },
};

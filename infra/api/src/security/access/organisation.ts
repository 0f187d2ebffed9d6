// Access policy of the contract page (see security/access-policy.ts): the caller's own organisation,
// named by the access token; there is no id to ask for another organisation's contract.
import { everyone, type AccessTable } from '../access-policy';

export const organisationAccess: AccessTable = {
  'GET /api/v1/organisation': { expect: { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 }, forged: 401 },
};

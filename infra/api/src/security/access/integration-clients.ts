// Access policy of the integration clients' routes (see security/access-policy.ts; decision 045):
// the connection check needs a client's token but no scope; the staff list is for the supplier's staff.
import { integration, staffOnly, type AccessTable } from '../access-policy';

export const integrationClientsAccess: AccessTable = {
  'GET /api/integration/v1/client': { expect: integration(200, { scoped: false }), forged: 401 },
  'GET /api/v1/staff/integration/clients': { expect: staffOnly(200), forged: 401 },
};

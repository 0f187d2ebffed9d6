// Access policy of the integration clients' routes (see security/access-policy.ts; decision 045):
// the connection check needs a client's token but no scope; the staff list is for the supplier's staff.
// Creating, rotating and revoking (issue 44, decision 062) is for a staff role that manages clients
// (the sales consultant): the matrix's staff are case managers, so they are refused like customers
// (403 INTEGRATION_MANAGER_ROLE_REQUIRED); integration-clients/staff-clients.test.ts covers the manager.
import { integration, staffOnly, type AccessTable } from '../access-policy';

/** An id no client has: the matrix's callers are all refused before it is looked up. */
const SOME_CLIENT = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';

export const integrationClientsAccess: AccessTable = {
  'GET /api/integration/v1/client': { expect: integration(200, { scoped: false }), forged: 401 },
  'GET /api/v1/staff/integration/clients': { expect: staffOnly(200), forged: 401 },
  'POST /api/v1/staff/integration/clients': {
    request: () => ({ payload: { name: 'Matrix ERP', scopes: ['orders:read'] } }),
    expect: staffOnly(403),
    forged: 401,
  },
  'POST /api/v1/staff/integration/clients/:id/rotate': {
    request: () => ({ url: `/api/v1/staff/integration/clients/${SOME_CLIENT}/rotate`, payload: { overlap_hours: 1 } }),
    expect: staffOnly(403),
    forged: 401,
    // Clients belong to no organisation: a customer is refused whatever id it names.
    foreign: { request: () => ({ url: `/api/v1/staff/integration/clients/${SOME_CLIENT}/rotate`, payload: { overlap_hours: 1 } }), expect: 403 },
  },
  'POST /api/v1/staff/integration/clients/:id/revoke': {
    request: () => ({ url: `/api/v1/staff/integration/clients/${SOME_CLIENT}/revoke` }),
    expect: staffOnly(403),
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/staff/integration/clients/${SOME_CLIENT}/revoke` }), expect: 403 },
  },
};

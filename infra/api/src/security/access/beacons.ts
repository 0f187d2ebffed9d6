// Access policy of the shell's beacons (see security/access-policy.ts, decision 072): the reports are
// open to everyone and read no token; their development counts answer only this machine or staff.
import { everyone, type AccessTable } from '../access-policy';

const staffOnly = { ...everyone(403), none: 403, staffAssigned: 200, staffUnassigned: 200 };

export const beaconsAccess: AccessTable = {
  'POST /api/v1/beacons': {
    request: () => ({ payload: { events: [{ kind: 'boundary-error', remote: 'orders', version: 'unknown', release: 'stable' }] } }),
    expect: everyone(202),
    forged: 'ignored',
  },
  'GET /api/dev/beacons': { expect: staffOnly, forged: 401 },
};

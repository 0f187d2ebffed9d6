// Access policy of the development mailbox (see security/access-policy.ts). The matrix calls from an
// address that is not the machine itself, so only staff sessions get in (findings.test.ts covers
// loopback and production).
import { everyone, type AccessTable } from '../access-policy';

const staffOnly = { ...everyone(403), none: 403, staffAssigned: 200, staffUnassigned: 200 };

export const mailAccess: AccessTable = {
  'GET /api/dev/mailbox': { expect: staffOnly, forged: 401 },
  'GET /api/dev/mailbox/messages': { expect: staffOnly, forged: 401 },
};

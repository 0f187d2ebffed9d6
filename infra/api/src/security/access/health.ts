// Access policy of the health routes (see security/access-policy.ts): open to all, tokens not read.
import { everyone, type AccessTable } from '../access-policy';

export const healthAccess: AccessTable = {
  'GET /api/health': { expect: everyone(200), forged: 'ignored' },
  'GET /api/ready': { expect: everyone(200), forged: 'ignored' },
  'GET /api/health/live': { expect: everyone(200), forged: 'ignored' },
  'GET /api/health/ready': { expect: everyone(200), forged: 'ignored' },
};

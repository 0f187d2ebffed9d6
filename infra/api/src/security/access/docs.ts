// Access policy of the API documentation (see security/access-policy.ts): public, tokens not read.
import { everyone, type AccessTable } from '../access-policy';

export const docsAccess: AccessTable = {
  'GET /api/docs/openapi.json': { expect: everyone(200), forged: 'ignored' },
  'GET /api/docs': { expect: everyone(200), forged: 'ignored' },
};

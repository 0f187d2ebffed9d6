// Access policy of the server-managed texts (see security/access-policy.ts): public; a token is read
// (and a forged one refused) but changes nothing.
import { everyone, type AccessTable } from '../access-policy';

export const translationsAccess: AccessTable = {
  'GET /api/v1/translations': { request: () => ({ url: '/api/v1/translations?prefix=policies' }), expect: everyone(200), forged: 401 },
};

// Access policy of the route rules (see security/access-policy.ts): public; a token is read (and a
// forged one refused) but changes nothing.
import { everyone, type AccessTable } from '../access-policy';

export const routeRulesAccess: AccessTable = {
  'GET /api/v1/route-rules': { request: () => ({ url: '/api/v1/route-rules?path=/en/my-orders' }), expect: everyone(200), forged: 401 },
};

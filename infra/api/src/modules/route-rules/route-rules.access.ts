// Access policy of the route rules (see http/access-policy.ts): public; a token is read (and a
// forged one refused) but changes nothing.
import { everyone, type AccessTable } from '../../http/access-policy';

export const routeRulesAccess: AccessTable = {
  'GET /api/v1/route-rules': { request: () => ({ url: '/api/v1/route-rules?path=/en/my-orders' }), expect: everyone(200), forged: 401 },
};

// Access policy of the caller's own data (see security/access-policy.ts): the access token decides whose.
import { signedIn, type AccessTable } from '../access-policy';

export const meAccess: AccessTable = {
  // An anonymous session learns its own session id.
  'GET /api/v1/me': { expect: { ...signedIn(200), anonymous: 200 }, forged: 401 },
  'GET /api/v1/me/preferences': { expect: signedIn(200), forged: 401 },
  'PUT /api/v1/me/preferences': { request: () => ({ payload: { prices_incl_vat: false } }), expect: signedIn(200), forged: 401 },
};

// Access policy of the privacy routes (issue 44, decision 063; see security/access-policy.ts). The
// download is every signed-in person's own (the access token decides whose: no id to try). Closing
// one's own account is a web-shop customer's: the matrix's customers are members (403, their
// administrator closes it) and staff are refused (403), so the matrix closes nobody.
import { everyone, signedIn, type AccessTable } from '../access-policy';

export const privacyAccess: AccessTable = {
  'GET /api/v1/profile/data': { expect: signedIn(200), forged: 401 },
  'GET /api/v1/profile/data/csv': { expect: signedIn(200), forged: 401 },
  'POST /api/v1/profile/close': { request: () => ({ payload: { confirm: true } }), expect: { ...everyone(403), none: 401, anonymous: 401 }, forged: 401 },
};

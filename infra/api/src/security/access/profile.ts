// Access policy of the caller's own profile (see security/access-policy.ts): customers only; the access
// token decides whose profile, so there is no id to try from another organisation.
import { everyone, type AccessTable, type MatrixCaller } from '../access-policy';

const customers = (status: number): Record<MatrixCaller, number> => ({ ...everyone(status), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 });
const newPassword = 'Matrix-Password-2026';

export const profileAccess: AccessTable = {
  'GET /api/v1/profile': { expect: customers(200), forged: 401 },
  'PUT /api/v1/profile': { request: () => ({ payload: { first_name: 'Matrix', last_name: 'Caller' } }), expect: customers(200), forged: 401 },
  'POST /api/v1/profile/email': { request: () => ({ payload: { email: 'matrix.new-address@example.test' } }), expect: customers(202), forged: 401 },
  // A code nobody was sent: refused as invalid.
  'POST /api/v1/profile/email/confirm': {
    request: () => ({ payload: { email: 'matrix.other-address@example.test', code: '000000' } }),
    expect: customers(400),
    forged: 401,
  },
  // The wrong current password: refused, nothing changes.
  'POST /api/v1/profile/password': {
    request: () => ({ payload: { current_password: 'not-the-password', password: newPassword, password_confirmation: newPassword } }),
    expect: customers(400),
    forged: 401,
  },
};

// Access policy of the users admin (see security/access-policy.ts): the administrators of the caller's
// organisation only; buyers and staff are refused (403), and an id of another organisation's user
// is not found (404) whoever asks.
import { everyone, type AccessTable, type MatrixCaller } from '../access-policy';

const admins = (status: number): Record<MatrixCaller, number> => ({ ...everyone(403), none: 401, anonymous: 401, adminA: status });
const keepBuyer = { role: 'buyer', active: true };

export const usersAccess: AccessTable = {
  'GET /api/v1/users': { expect: admins(200), forged: 401 },
  // An address that has an account already: the administrator gets as far as the refusal.
  'POST /api/v1/users': {
    request: () => ({ payload: { first_name: 'Matrix', last_name: 'Invitee', email: 'lucas.janssens@zorggroep-scheldeland.example', role: 'buyer' } }),
    expect: admins(409),
    forged: 401,
  },
  'GET /api/v1/users/:id': {
    request: (fx) => ({ url: `/api/v1/users/${fx.userA.id}` }),
    // B's buyer asks for a user outside their organisation: not found.
    expect: { ...admins(200), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/users/${fx.userB.id}` }), expect: 404 },
  },
  'PUT /api/v1/users/:id': {
    request: (fx) => ({ url: `/api/v1/users/${fx.userA.id}`, payload: keepBuyer }),
    expect: { ...admins(200), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/users/${fx.userB.id}`, payload: keepBuyer }), expect: 404 },
  },
  // A's administrator closing their own account: the organisation's last administrator stays (409),
  // so the matrix closes nobody; B's buyer does not find A's administrator (404).
  'POST /api/v1/users/:id/close': {
    request: (fx) => ({ url: `/api/v1/users/${fx.adminA.id}/close` }),
    expect: { ...admins(409), buyerB: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/users/${fx.userB.id}/close` }), expect: 404 },
  },
};

// Access policy of the organisation switch (decision 057; see security/access-policy.ts). The matrix
// cannot hold each caller's own refresh token, so the valid request sends one that is not the
// session's: A's members get as far as that check (400), anyone else is refused before it.
import { signedIn, type AccessTable } from '../access-policy';

export const organisationSwitchAccess: AccessTable = {
  // Staff and web-shop customers have no organisation to list: an empty list.
  'GET /api/v1/me/organisations': { expect: signedIn(200), forged: 401 },
  'POST /api/v1/me/organisation': {
    request: (fx) => ({ payload: { organisation_id: fx.organisations.a, refresh_token: 'not-this-session' } }),
    // 400 ORGANISATION_SWITCH_SESSION_INVALID for A's members; 403 ORGANISATION_NOT_A_MEMBER for B's buyer,
    // 403 ORGANISATION_SWITCH_CUSTOMERS_ONLY for staff.
    expect: { none: 401, anonymous: 401, buyerA: 400, adminA: 400, buyerB: 403, staffAssigned: 403, staffUnassigned: 403 },
    forged: 401,
    foreign: {
      request: (fx) => ({ payload: { organisation_id: fx.organisations.b, refresh_token: 'not-this-session' } }),
      expect: 403,
      refuse: (body) => body.includes('ORGANISATION_NOT_A_MEMBER'),
    },
  },
};

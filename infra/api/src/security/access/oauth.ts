// Access policy of the token endpoint (see security/access-policy.ts): the client authenticates in the
// body; a Bearer token is not read. The matrix sends an anonymous grant.
import { everyone, type AccessTable } from '../access-policy';
import { CLIENT, FORM_HEADERS, form } from '../../test-support/test-app';

export const oauthAccess: AccessTable = {
  'POST /api/oauth/token': {
    request: () => ({ headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'anonymous' }) }),
    expect: everyone(200),
    forged: 'ignored',
  },
};

// Access policy of the contact form (see security/access-policy.ts): signed-in customers; the sender
// and the recipient follow from the access token, the body names no one.
import { everyone, type AccessTable } from '../access-policy';

export const contactAccess: AccessTable = {
  'POST /api/v1/contact': {
    request: () => ({ payload: { type: 'question', message: 'A question from the access matrix.', terms: true } }),
    expect: { ...everyone(202), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 },
    forged: 401,
  },
};

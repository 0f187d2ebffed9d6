// Access policy of the newsletter (see security/access-policy.ts): open to visitors and customers alike;
// the links are signed, so a made-up token is refused for everyone.
import { everyone, type AccessTable } from '../access-policy';

/** The form a link's page posts, with a made-up token. */
const FORGED_FORM = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=bWF0cml4.0.forged' };

export const newsletterAccess: AccessTable = {
  'POST /api/v1/newsletter': { request: () => ({ payload: { email: 'matrix.reader@example.test' } }), expect: everyone(202), forged: 401 },
  'GET /api/v1/newsletter/confirm': { request: () => ({ url: '/api/v1/newsletter/confirm?token=bWF0cml4.0.forged' }), expect: everyone(400), forged: 'ignored' },
  'GET /api/v1/newsletter/unsubscribe': { request: () => ({ url: '/api/v1/newsletter/unsubscribe?token=bWF0cml4.0.forged' }), expect: everyone(400), forged: 'ignored' },
  'POST /api/v1/newsletter/confirm': { request: () => FORGED_FORM, expect: everyone(400), forged: 'ignored' },
  'POST /api/v1/newsletter/unsubscribe': { request: () => FORGED_FORM, expect: everyone(400), forged: 'ignored' },
};

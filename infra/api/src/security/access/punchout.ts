// Access policy of the punchout (see security/access-policy.ts). The procurement system's calls carry
// their own credential (cXML Sender, OCI USERNAME/PASSWORD), never a token: a made-up one is refused
// for everyone alike. The one-time links are their own credential: a made-up or another session's
// token is gone (410) for everyone. The session and the transfer are the signed-in customer's own
// punchout sign-in: a password sign-in is no punchout (404), staff are refused.
import { setupRequestXml } from '../../modules/procurement/punchout/cxml-samples';
import { everyone, type AccessTable } from '../access-policy';

const UNKNOWN_TOKEN = 'A'.repeat(43);
const OTHER_TOKEN = 'B'.repeat(43);
const OCI_FIELDS = 'USERNAME=matrix-oci&PASSWORD=not-the-password&HOOK_URL=https%3A%2F%2Fprocurement.example%2Fhook&~TARGET=_top';
const signedInCustomer = (status: number) => ({ ...everyone(status), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 });

export const punchoutAccess: AccessTable = {
  'POST /api/punchout/cxml/setup': {
    request: () => ({ headers: { 'content-type': 'text/xml' }, payload: setupRequestXml({ senderIdentity: 'MATRIX-UNKNOWN', secret: 'not-the-secret' }) }),
    expect: everyone(401),
    forged: 'ignored',
  },
  'GET /api/punchout/oci': { request: () => ({ url: `/api/punchout/oci?${OCI_FIELDS}` }), expect: everyone(401), forged: 'ignored' },
  'POST /api/punchout/oci': { request: () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: OCI_FIELDS }), expect: everyone(401), forged: 'ignored' },
  'GET /api/punchout/start/:token': {
    request: () => ({ url: `/api/punchout/start/${UNKNOWN_TOKEN}` }),
    expect: everyone(410),
    forged: 'ignored',
    foreign: { request: () => ({ url: `/api/punchout/start/${OTHER_TOKEN}` }), expect: 410 },
  },
  'GET /api/v1/punchout/session': { expect: signedInCustomer(404), forged: 401 },
  'POST /api/v1/punchout/transfer': { expect: signedInCustomer(404), forged: 401 },
  'GET /api/punchout/transfer/:token': {
    request: () => ({ url: `/api/punchout/transfer/${UNKNOWN_TOKEN}` }),
    expect: everyone(410),
    forged: 'ignored',
    foreign: { request: () => ({ url: `/api/punchout/transfer/${OTHER_TOKEN}` }), expect: 410 },
  },
};

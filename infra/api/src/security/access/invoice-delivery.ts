// Access policy of invoice delivery (see security/access-policy.ts).
// - The retry is for staff of the invoice's organisation: the matrix's invoice of organisation A has
//   a failed Peppol delivery, which the assigned case manager queues again (200); an unassigned one
//   does not find it (404); customers are refused whoever's it is (403, they see the status and ask
//   their case manager); no sign-in 401.
// - A Despatch Advice's retry is the same rule over the same rows (decision 083); the staff's list of
//   failed deliveries is staff only (403 for customers) and shows each staff member their
//   organisations' only (an unassigned one gets an empty list: 200).
// - The development access point's page answers staff sessions (the matrix calls from an address
//   that is not the machine itself), like the development mailbox.
import { everyone, type AccessTable } from '../access-policy';

const retry = (invoiceId: string) => `/api/v1/invoices/${invoiceId}/delivery/retry`;
const staffOnly = { ...everyone(403), none: 403, staffAssigned: 200, staffUnassigned: 200 };

export const invoiceDeliveryAccess: AccessTable = {
  'POST /api/v1/invoices/:id/delivery/retry': {
    request: (fx) => ({ url: retry(fx.invoiceDeliveries.failedA) }),
    expect: { ...everyone(403), none: 401, anonymous: 401, staffAssigned: 200, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: retry(fx.invoiceDeliveries.failedB) }), expect: 403 },
  },
  'POST /api/v1/despatch-advices/:id/delivery/retry': {
    request: (fx) => ({ url: `/api/v1/despatch-advices/${fx.despatchDeliveries.failedA}/delivery/retry` }),
    expect: { ...everyone(403), none: 401, anonymous: 401, staffAssigned: 200, staffUnassigned: 404 },
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/v1/despatch-advices/${fx.despatchDeliveries.failedB}/delivery/retry` }), expect: 403 },
  },
  'GET /api/v1/staff/failed-deliveries': { expect: { ...everyone(403), none: 401, anonymous: 401, staffAssigned: 200, staffUnassigned: 200 }, forged: 401 },
  'GET /api/dev/access-point': { expect: staffOnly, forged: 401 },
  'GET /api/dev/access-point/messages': { expect: staffOnly, forged: 401 },
};

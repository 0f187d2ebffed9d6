// Access policy of the recalls' routes (issue 42, decision 074; see security/access-policy.ts): staff
// open, follow and export recalls; the ERP opens them with recalls:write; every signed-in person
// lists the notices of their organisation (none for staff and web-shop customers), and a notice of
// another organisation, or none, is not found (404) whoever asks. The matrix's recalls name a GTIN
// nobody shipped and no reference (so each call opens one, and no shipment of the fixtures is
// refused); recalls/recalls.routes.test.ts and recalls.closing.test.ts try another organisation's
// and another web-shop customer's real notice. Correcting and closing (decision 080) name an id no
// recall has: staff reach the 404, everyone else is refused before.
import { everyone, integration, signedIn, staffOnly, type AccessTable } from '../access-policy';

/** An id no recall has. */
const SOME_RECALL = '3c9d2e1f-7a6b-4c5d-8e9f-0a1b2c3d4e5f';
const text = { en: 'Matrix reason', nl: 'Matrixreden', fr: 'Raison matrice' };
const open = () => ({ payload: { kind: 'recall', gtin: '00000000000017', lots: ['MATRIX-LOT'], reason: text, instructions: text } });
const customers404 = { ...everyone(404), none: 401, anonymous: 401 };
const note = { note: text };

export const recallsAccess: AccessTable = {
  'POST /api/v1/staff/recalls': { request: open, expect: staffOnly(201), forged: 401 },
  'POST /api/integration/v1/recalls': { request: open, expect: integration(201), forged: 401 },
  'GET /api/v1/staff/recalls': { expect: staffOnly(200), forged: 401 },
  'GET /api/v1/staff/recalls/:id': {
    request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}` }),
    expect: staffOnly(404),
    forged: 401,
    // Recalls belong to no organisation: a customer is refused whatever id it names.
    foreign: { request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}` }), expect: 403 },
  },
  'GET /api/v1/staff/recalls/:id/export.csv': {
    request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}/export.csv` }),
    expect: staffOnly(404),
    forged: 401,
    // Recalls belong to no organisation: a customer is refused whatever id it names.
    foreign: { request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}/export.csv` }), expect: 403 },
  },
  'GET /api/v1/recalls': { expect: signedIn(200), forged: 401 },
  'GET /api/v1/recalls/:id': {
    request: () => ({ url: `/api/v1/recalls/${SOME_RECALL}` }),
    expect: customers404,
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/recalls/${SOME_RECALL}` }), expect: 404 },
  },
  'PUT /api/v1/recalls/:id/answer': {
    request: () => ({ url: `/api/v1/recalls/${SOME_RECALL}/answer`, payload: { units_on_hand: 1, units_used: 0, units_to_return: 1 } }),
    expect: customers404,
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/recalls/${SOME_RECALL}/answer`, payload: { units_on_hand: 1, units_used: 0, units_to_return: 1 } }), expect: 404 },
  },
  'PATCH /api/v1/staff/recalls/:id': {
    request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}`, payload: { lots: ['MATRIX-LOT', 'MATRIX-LOT-2'] } }),
    expect: staffOnly(404),
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}`, payload: { lots: ['MATRIX-LOT'] } }), expect: 403 },
  },
  'POST /api/v1/staff/recalls/:id/close': {
    request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}/close`, payload: note }),
    expect: staffOnly(404),
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/staff/recalls/${SOME_RECALL}/close`, payload: note }), expect: 403 },
  },
  'POST /api/integration/v1/recalls/:id/close': {
    request: () => ({ url: `/api/integration/v1/recalls/${SOME_RECALL}/close`, payload: note }),
    expect: integration(404),
    forged: 401,
    // A customer is not an integration client, whatever recall it names.
    foreign: { request: () => ({ url: `/api/integration/v1/recalls/${SOME_RECALL}/close`, payload: note }), expect: 403 },
  },
};

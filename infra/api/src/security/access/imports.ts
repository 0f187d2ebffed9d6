// Access policy of the supplier's imports (issue 29, decision 049): a bulk upload needs its kind's
// scope; a job is its client's alone (another client's id is a 404, people get 403). The valid
// requests send one line whose category does not exist: it reaches the kind's checks and is
// refused in the job's report, so the matrix writes no product.
import { randomUUID } from 'node:crypto';
import { integration, staffOnly, type AccessTable } from '../access-policy';

const NDJSON = { 'content-type': 'application/x-ndjson' };
const productLine = (code: string) =>
  JSON.stringify({
    article_code: code,
    version: 1,
    translations: { en: { name: 'Matrix product' }, nl: { name: 'Matrixproduct' }, fr: { name: 'Produit matrice' } },
    brand: 'Matrix',
    category: 'no-such-category-in-the-taxonomy',
    price_cents: 100,
  });

export const importsAccess: AccessTable = {
  'POST /api/integration/v1/products/bulk': { request: () => ({ headers: NDJSON, payload: productLine('MATRIX-1') }), expect: integration(200), forged: 401 },
  'POST /api/integration/v1/stock/bulk': {
    request: () => ({ headers: NDJSON, payload: JSON.stringify({ article_code: 'MATRIX-NO-SUCH-PRODUCT', level: 1, version: 1 }) }),
    expect: integration(200),
    forged: 401,
  },
  'POST /api/integration/v1/prices/bulk': {
    request: () => ({ headers: NDJSON, payload: JSON.stringify({ type: 'price', contract_number: 'MATRIX-NO-SUCH-CONTRACT', article_code: 'MATRIX-1', version: 1, price_cents: 1 }) }),
    expect: integration(200),
    forged: 401,
  },
  'POST /api/integration/v1/customers/bulk': {
    // A case manager who is not staff: refused in the job's report, no organisation written.
    request: () => ({
      headers: NDJSON,
      payload: JSON.stringify({ customer_number: 'MATRIX-C1', version: 1, name: 'Matrix', client_type: 'B2B', organisation_type: 'medical', country: 'BE', case_manager_email: 'nobody@matrix.example' }),
    }),
    expect: integration(200),
    forged: 401,
  },
  // A job id no client of the matrix made: 404 for clients (their own jobs only), 403 for people.
  'GET /api/integration/v1/jobs/:id': {
    request: () => ({ url: `/api/integration/v1/jobs/${randomUUID()}` }),
    expect: integration(404, { scoped: false }),
    forged: 401,
    foreign: { request: () => ({ url: `/api/integration/v1/jobs/${randomUUID()}` }), expect: 403 },
  },
  'GET /api/integration/v1/jobs/:id/refusals': {
    request: () => ({ url: `/api/integration/v1/jobs/${randomUUID()}/refusals` }),
    expect: integration(404, { scoped: false }),
    forged: 401,
    foreign: { request: () => ({ url: `/api/integration/v1/jobs/${randomUUID()}/refusals` }), expect: 403 },
  },
  // The staff Integration page's imports: staff only; an unknown job id is a 404 for the staff.
  'GET /api/v1/staff/integration/imports': { expect: staffOnly(200), forged: 401 },
  'GET /api/v1/staff/integration/imports/:id/refusals': {
    request: () => ({ url: `/api/v1/staff/integration/imports/${randomUUID()}/refusals` }),
    expect: staffOnly(404),
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/staff/integration/imports/${randomUUID()}/refusals` }), expect: 403 },
  },
  // An article code the catalogue does not have: the client with the scope gets 404, and nothing is written.
  'PUT /api/integration/v1/stock/:articleCode': {
    request: () => ({ url: '/api/integration/v1/stock/MATRIX-NO-SUCH-PRODUCT', payload: { level: 1, version: 1 } }),
    expect: integration(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/integration/v1/stock/${fx.productB.code}`, payload: { level: 1, version: 1 } }), expect: 403 },
  },
};

// A product picture for an article code the catalogue does not have: the client with the scope gets
// 404 and nothing is stored (a 1x1 PNG).
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
export const importImagesAccess: AccessTable = {
  'PUT /api/integration/v1/products/:articleCode/images': {
    request: () => ({ url: '/api/integration/v1/products/MATRIX-NO-SUCH-PRODUCT/images', headers: { 'content-type': 'image/png' }, payload: PIXEL }),
    expect: integration(404),
    forged: 401,
    foreign: { request: (fx) => ({ url: `/api/integration/v1/products/${fx.productB.code}/images`, headers: { 'content-type': 'image/png' }, payload: PIXEL }), expect: 403 },
  },
};

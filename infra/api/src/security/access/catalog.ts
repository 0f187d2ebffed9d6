// Access policy of the catalogue (see security/access-policy.ts). The public web shops are open to all;
// the portal's contract range (X-Shop-Type: portal) needs a customer of an organisation (staff have
// no contract: 403 CATALOG_CUSTOMERS_ONLY, never a 401 that would loop them through sign-in); a
// product of another organisation's contract-only range is a 404, never its data.
import { everyone, type AccessTable } from '../access-policy';

const portal = { 'x-shop-type': 'portal' };
const portalCustomers = { ...everyone(200), none: 401, anonymous: 401, staffAssigned: 403, staffUnassigned: 403 };
const productPath = (slug: string, rest = '') => `/api/v1/catalog/products/${encodeURIComponent(slug)}${rest}`;

export const catalogAccess: AccessTable = {
  'GET /api/v1/catalog/products': { request: () => ({ headers: portal }), expect: portalCustomers, forged: 401 },
  'GET /api/v1/catalog/facets': { request: () => ({ headers: portal }), expect: portalCustomers, forged: 401 },
  'GET /api/v1/catalog/products/:slug': {
    request: (fx) => ({ url: productPath(fx.productA.slug), headers: portal }),
    expect: { ...portalCustomers, buyerB: 200 },
    forged: 401,
    foreign: { request: (fx) => ({ url: productPath(fx.productB.slug), headers: portal }), expect: 404 },
  },
  'GET /api/v1/catalog/products/:slug/technical-sheet': {
    request: (fx) => ({ url: productPath(fx.publicProduct.slug, '/technical-sheet?shop=medical') }),
    expect: everyone(200),
    forged: 401,
    foreign: { request: (fx) => ({ url: productPath(fx.productB.slug, '/technical-sheet?shop=portal') }), expect: 404 },
  },
  'GET /api/v1/catalog/widgets/frequently-ordered': { request: () => ({ headers: portal }), expect: portalCustomers, forged: 401 },
  'GET /api/v1/catalog/widgets/new-in-contract': { request: () => ({ headers: portal }), expect: portalCustomers, forged: 401 },
  'POST /api/v1/catalog/quick-order': {
    request: (fx) => ({ headers: portal, payload: { lines: [{ code: fx.productA.code, quantity: 1 }] } }),
    expect: portalCustomers,
    forged: 401,
    foreign: {
      request: (fx) => ({ headers: portal, payload: { lines: [{ code: fx.productB.code, quantity: 1 }] } }),
      expect: 200,
      // B's contract-only product reads "unknown", with no product.
      refuse: (body) => /"status":"unknown"/.test(body) && /"product":null/.test(body),
    },
  },
  'GET /api/v1/catalog/gtin/:gtin': {
    request: (fx) => ({ url: `/api/v1/catalog/gtin/${fx.productA.gtin}?lot=L1`, headers: portal }),
    expect: portalCustomers,
    forged: 401,
    foreign: {
      request: (fx) => ({ url: `/api/v1/catalog/gtin/${fx.productB.gtin}?lot=L1`, headers: portal }),
      expect: 200,
      // B's contract-only product reads "unknown", with no product (scan to order, decision 075).
      refuse: (body) => /"status":"unknown"/.test(body) && /"product":null/.test(body),
    },
  },
};

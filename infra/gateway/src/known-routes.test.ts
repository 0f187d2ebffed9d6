import { describe, expect, it } from 'vitest';
import { isKnownPagePath, isUnprefixedPagePath } from './known-routes';

describe('isKnownPagePath', () => {
  it.each([
    '/',
    '/en',
    '/nl/',
    '/fr',
    '/xx',
    '/en/auth/login',
    '/nl/user/users/42',
    '/fr/products/first-aid-kit',
    '/xx/my-orders/ord-1',
    '/en/policies/refund-policy',
    '/en/quick-order',
    '/en/faq',
    '/en/auth',
    '/fr/checkout/order/42',
    '/nl/invoices',
    '/nl/invoices/00000000-0000-4000-8000-000000000001',
  ])('knows %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it.each(['/de', '/en/nope', '/en/productsx', '/wp-admin', '/en/en', '/favicon.ico', '/en/static/x', '/en/auth/nope', '/en/products/a/b', '/en/policies', '/products'])('does not know %s', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });
});

describe('isUnprefixedPagePath', () => {
  it.each(['/products', '/faq', '/my-orders', '/my-orders/ord-1', '/auth/login', '/policies/shipping-policy'])('sees the page %s without its prefix', (path) => {
    expect(isUnprefixedPagePath(path)).toBe(true);
  });
  it.each(['/', '/en/products', '/nope', '/auth/nope', '/favicon.ico'])('leaves %s alone', (path) => {
    expect(isUnprefixedPagePath(path)).toBe(false);
  });
});

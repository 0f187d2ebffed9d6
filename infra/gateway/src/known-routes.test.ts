import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from './known-routes';

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
    '/products',
    '/checkout/overview',
  ])('knows %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it.each(['/de', '/en/nope', '/en/productsx', '/wp-admin', '/en/en', '/favicon.ico', '/en/static/x'])('does not know %s', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });
});

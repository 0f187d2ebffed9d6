import { describe, expect, it } from 'vitest';
import { pathOf } from './named-routes';

describe('pathOf: navigation to a route object', () => {
  it('builds locale-prefixed paths of the spec route names', () => {
    expect(pathOf({ name: 'auth-login' }, 'nl')).toBe('/nl/auth/login');
    expect(pathOf({ name: 'home' }, 'fr')).toBe('/fr');
    expect(pathOf({ name: 'my-orders-detail', params: { slug: 'SO-2026 01' } }, 'en')).toBe('/en/my-orders/SO-2026%2001');
  });

  it('adds a query and a hash, leaving out undefined values', () => {
    expect(pathOf({ name: 'auth-login', query: { redirect: '/nl/my-orders', empty: undefined }, hash: '#form' }, 'nl')).toBe(
      '/nl/auth/login?redirect=%2Fnl%2Fmy-orders#form',
    );
  });

  it('fails clearly when a parameter is missing', () => {
    expect(() => pathOf({ name: 'checkout-order' }, 'en')).toThrow('route "checkout-order" needs the parameter "orderId"');
  });
});

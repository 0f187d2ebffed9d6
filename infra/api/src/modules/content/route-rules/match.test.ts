import { describe, expect, it } from 'vitest';
import { matchPattern, normalisePath, resolveRoute, type StoredRule } from './match';

const rule = (pattern: string, extra: Partial<StoredRule> = {}): StoredRule => ({ pattern, redirectTo: null, redirectType: null, redirectStatus: null, middleware: [], ...extra });

describe('route matching', () => {
  it('splits off the locale prefix', () => {
    expect(normalisePath('/nl/my-orders/')).toEqual({ locale: 'nl', path: '/my-orders' });
    expect(normalisePath('/xx')).toEqual({ locale: 'xx', path: '/' });
    expect(normalisePath('/')).toEqual({ locale: null, path: '/' });
    expect(normalisePath('/english/page')).toEqual({ locale: null, path: '/english/page' });
  });

  it('matches literals, parameters and a trailing catch-all', () => {
    expect(matchPattern('/my-orders/:slug', '/my-orders/12')).toEqual({ slug: '12' });
    expect(matchPattern('/my-orders/:slug', '/my-orders')).toBeNull();
    expect(matchPattern('/my-orders/:slug', '/my-orders/12/x')).toBeNull();
    expect(matchPattern('/docs/**', '/docs')).toEqual({});
    expect(matchPattern('/docs/**', '/docs/a/b')).toEqual({});
    expect(matchPattern('/', '/')).toEqual({});
  });

  it('prefers the most specific rule', () => {
    const rules = [rule('/user/**', { middleware: ['auth'] }), rule('/user/:id'), rule('/user/info', { middleware: ['guest'] })];
    expect(resolveRoute(rules, '/user/info').pattern).toBe('/user/info');
    expect(resolveRoute(rules, '/user/7').pattern).toBe('/user/:id');
    expect(resolveRoute(rules, '/user/7/edit').pattern).toBe('/user/**');
  });

  it('drops middleware names the client would not know', () => {
    expect(resolveRoute([rule('/x', { middleware: ['auth', 'mystery'] })], '/x').middleware).toEqual(['auth']);
  });

  it('encodes parameters substituted into a redirect', () => {
    const r = resolveRoute([rule('/old/:id', { redirectTo: '/new/:id', redirectType: 'internal', redirectStatus: 308 })], '/nl/old/a b');
    expect(r.redirect).toEqual({ to: '/nl/new/a%20b', type: 'internal', status: 308 });
  });
});

import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteRuleSchema } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const lookup = async (path: string) => {
  const res = await t.app.inject({ url: `/api/v1/route-rules?path=${encodeURIComponent(path)}` });
  expect(res.statusCode).toBe(200);
  return v.parse(RouteRuleSchema, res.json());
};

describe('GET /api/v1/route-rules', () => {
  it('marks the signed-in-only routes of spec section 2 with `auth`, under every locale prefix', async () => {
    for (const path of ['/user/info', '/user/contract', '/contact', '/my-orders', '/my-orders/SO-2025-010007', '/my-products', '/my-products/some-slug', '/quotations/42']) {
      for (const prefix of ['', '/en', '/nl', '/fr', '/xx']) {
        const rule = await lookup(`${prefix}${path}`);
        expect(rule.middleware, `${prefix}${path}`).toEqual(['auth']);
        expect(rule.redirect).toBeNull();
      }
    }
  });

  it('leaves the home page open: the shell shows a visitor the public home (decision 004)', async () => {
    for (const path of ['/', '/en', '/nl', '/fr', '/xx']) {
      expect((await lookup(path)).middleware, path).toEqual([]);
    }
  });

  it('leaves open routes open', async () => {
    for (const path of ['/about', '/example', '/privacy-policy', '/terms-and-conditions', '/checkout/overview', '/checkout/order/abc-123', '/policies/refund-policy', '/products/x', '/auth/verify']) {
      const rule = await lookup(`/nl${path}`);
      expect(rule.middleware, path).toEqual([]);
      expect(rule.pattern).not.toBeNull();
    }
    expect((await lookup('/fr/auth/login')).middleware).toEqual(['guest']);
  });

  it('answers a path without a rule with no redirect and no middleware', async () => {
    expect(await lookup('/en/does/not/exist')).toEqual({ path: '/does/not/exist', locale: 'en', pattern: null, redirect: null, middleware: [] });
  });

  it('gives internal redirects that keep the locale and the parameters', async () => {
    const rule = await lookup('/nl/orders/SO-1');
    expect(rule.redirect).toEqual({ to: '/nl/my-orders/SO-1', type: 'internal', status: 301 });
    expect((await lookup('/orders')).redirect).toEqual({ to: '/my-orders', type: 'internal', status: 301 });
    expect((await lookup('/fr/user')).redirect).toEqual({ to: '/fr/user/info', type: 'internal', status: 302 });
  });

  it('gives external redirects unchanged', async () => {
    const rule = await lookup('/en/webshop/medical');
    expect(rule.redirect).toEqual({ to: 'https://medical.shop.example/', type: 'external', status: 302 });
  });

  it('normalises trailing slashes, query strings and doubled slashes', async () => {
    expect((await lookup('/nl/my-orders/')).pattern).toBe('/my-orders');
    expect((await lookup('/nl/my-orders?page=2')).pattern).toBe('/my-orders');
    expect((await lookup('/nl/my-orders//x')).pattern).toBe('/my-orders/:slug');
  });

  it.each([
    ['missing path', '', 'validation.required'],
    ['empty path', '?path=', 'validation.required'],
    ['relative path', '?path=my-orders', 'validation.invalid.value'],
    ['protocol-relative path', '?path=//evil.example', 'validation.invalid.value'],
    ['control characters', '?path=/a%0d%0aSet-Cookie:x', 'validation.invalid.value'],
    ['huge path', `?path=/${'a'.repeat(3000)}`, 'validation.tooBig.string'],
    ['repeated path', '?path=/a&path=/b', 'validation.invalid.text'],
    ['unknown field', '?path=/a&debug=1', 'validation.unknownField'],
  ])('refuses bad input (%s) with 400 VALIDATION_FAILED', async (_name, query, message) => {
    const res = await t.app.inject({ url: `/api/v1/route-rules${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ message })] });
  });
});

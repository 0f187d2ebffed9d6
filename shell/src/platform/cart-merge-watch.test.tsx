// @vitest-environment happy-dom
// What the sign-in tells about the visitor's cart (issue 32): from a fresh browser, with nothing
// chosen before, it said "The products you chose before signing in are in your cart."
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bus } from '@portal/shared/bus';
import { portalQueryClient } from '@portal/shared/query';
import { hideToast } from '@portal/shared/ui';
import { renderPage, signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import en from '../messages/en.json';
import { CART_MERGED_TOAST, CartMergeWatch } from './cart-merge-watch';

const EN = en as Record<string, string>;
const CART = { lines: [], item_count: 0, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null };
let merged = 0;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (method === 'POST' && path === '/cart/merge') return { status: 200, body: { cart: CART, changes: [], merged } };
    if (path === '/cart') return { status: 200, body: CART };
    return undefined;
  });
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  api.reset();
  // A fresh browser: the visitor's cart was never read.
  portalQueryClient().clear();
  hideToast(CART_MERGED_TOAST);
});

/** A visitor signs in; resolves once the merged cart is announced (the toast, if any, follows it). */
async function signInFromVisitor() {
  signInForTest({ sub: 'anon:session-1', org: null, role: 'anonymous', shop: 'medical' });
  await renderPage(<CartMergeWatch />, '/en', { path: '/:lang', messages: { en: EN } });
  const announced = new Promise<void>((resolve) => {
    const off = bus.on('cart:changed', () => {
      off();
      resolve();
    });
  });
  signInForTest({ sub: 'user-1', org: 'org-1', role: 'buyer' });
  await announced;
}

describe('CartMergeWatch', () => {
  it('says the products chosen before signing in are in the cart when some were', async () => {
    merged = 2;
    await signInFromVisitor();
    expect(await screen.findByText(EN['cart.merged.title']!)).toBeTruthy();
  });

  it('says nothing when the visitor had chosen nothing (a fresh browser)', async () => {
    merged = 0;
    await signInFromVisitor();
    expect(api.calls('/cart/merge')).toHaveLength(1);
    // The merge's promise settles right after the announcement: the toast would be shown by now.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(screen.queryByText(EN['cart.merged.title']!)).toBeNull();
  });
});

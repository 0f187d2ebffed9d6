// @vitest-environment happy-dom
// The sign-in merge against a real HTTP server: the visitor's token goes to POST /v1/cart/merge
// under the buyer's session, the merged cart lands under the shared key, and what changed is told.
// Testing Library's waitFor, not vi.waitFor: it waits up to the 10 s of test-setup.ts, and the
// merge's first dynamic import of the shop schemas took over vi.waitFor's 1 s on a loaded CI machine.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, queryKeys } from '@portal/shared/query';
import { sessionStore } from '@portal/shared/session';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { watchCartMerge, type QueryModule } from './cart-merge';

const merged = {
  cart: { lines: [], item_count: 0, total: { excl_vat: 0, incl_vat: 0 }, shipping_free_from_excl_vat: null, shipping_free_missing_excl_vat: null },
  changes: [{ product_id: '00000000-0000-4000-8000-000000000001', name: 'Night vision goggles', kind: 'not_in_contract', requested: 1, kept: 0 }],
  merged: 0,
};
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => (method === 'POST' && path === '/cart/merge' ? { status: 200, body: merged } : undefined));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** The query module as the shell loads it on a sign-in change, holding the test's client. */
const queryModule = (client: QueryClient) => (): Promise<QueryModule> => Promise.resolve({ portalQueryClient: () => client, queryKeys });

const visitor = () => signInForTest({ sub: 'anon:session-1', org: null, role: 'anonymous', shop: 'tactical' });

describe('cart merge at sign-in', () => {
  it("merges the visitor's cart into the buyer's, with the visitor's token, and says what changed", async () => {
    const queryClient = createQueryClient();
    const anonymousToken = visitor();
    queryClient.setQueryData(queryKeys.cart.all, { lines: [{ product_id: 'x' }] });
    const onMerged = vi.fn();
    const stop = watchCartMerge(onMerged, vi.fn(), queryModule(queryClient));
    const buyerToken = signInAsBuyer();
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(merged));
    stop();
    const [call] = api.calls('/cart/merge');
    expect(call!.body).toEqual({ anonymous_token: anonymousToken });
    expect(call!.headers.authorization).toBe(`Bearer ${buyerToken}`);
    expect(queryClient.getQueryData(queryKeys.cart.all)).toEqual(merged.cart);
  });

  it('does not merge an empty visitor cart, and reads the cart of whoever is signed in now', async () => {
    const queryClient = createQueryClient();
    visitor();
    queryClient.setQueryData(queryKeys.cart.all, { lines: [] });
    const onMerged = vi.fn();
    const stop = watchCartMerge(onMerged, vi.fn(), queryModule(queryClient));
    signInAsBuyer();
    stop();
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.cart.all)?.isInvalidated).toBe(true));
    expect(api.calls('/cart/merge')).toHaveLength(0);
    expect(onMerged).not.toHaveBeenCalled();
  });

  it("does not load the query cache for a page's first session", () => {
    sessionStore.getState().signOut();
    const loadQuery = vi.fn(queryModule(createQueryClient()));
    const stop = watchCartMerge(vi.fn(), vi.fn(), loadQuery);
    visitor();
    stop();
    expect(loadQuery).not.toHaveBeenCalled();
  });

  it('still merges when the query cache cannot load: the visitor\'s tokens are gone after sign-in', async () => {
    const anonymousToken = visitor();
    const onMerged = vi.fn();
    const onFailed = vi.fn();
    const broken = () => Promise.reject(new Error('chunk failed'));
    const stop = watchCartMerge(onMerged, onFailed, broken);
    signInAsBuyer();
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(merged));
    stop();
    expect(api.calls('/cart/merge')[0]!.body).toEqual({ anonymous_token: anonymousToken });
    expect(onFailed).not.toHaveBeenCalled();
  });
});

/** The buyer signs in in the same store (the login page's setTokens); returns the new token. */
function signInAsBuyer(): string {
  const token = signInForTest({ sub: 'user-1', org: 'org-1', role: 'buyer' });
  expect(sessionStore.getState().isSignedIn).toBe(true);
  return token;
}

// @vitest-environment happy-dom
// The header's cart count against a real HTTP server: the lines of the caller's cart, read again
// when a remote announces a change on the bus.
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bus } from '@portal/shared/bus';
import { createQueryClient } from '@portal/shared/query';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { useCartCount } from './use-cart-count';

let lines = 2;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ path }) => (path === '/cart' ? { status: 200, body: { lines: Array.from({ length: lines }, (_, i) => ({ product_id: String(i) })) } } : undefined));
});
afterAll(() => api.close());

describe('useCartCount', () => {
  it("counts the cart's lines and follows the cart bus events", async () => {
    signInForTest({ sub: 'anon:visitor', org: null, role: 'anonymous' });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCartCount(), { wrapper });
    await waitFor(() => expect(result.current).toBe(2));
    // A visitor's cart is read from the public shop, never the contract range (401 there).
    expect(api.calls('/cart')[0]!.headers['x-shop-type']).toBe('medical');
    lines = 3;
    bus.emit('cart:item-added', { productId: 'x', quantity: 1 });
    await waitFor(() => expect(result.current).toBe(3));
    lines = 0;
    bus.emit('cart:changed', { lineCount: 0 });
    await waitFor(() => expect(result.current).toBe(0));
  });
});

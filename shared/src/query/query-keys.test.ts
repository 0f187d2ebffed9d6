import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './create-query-client';
import { queryKeys } from './query-keys';

describe('shared query keys', () => {
  it('invalidating a family reaches every list and detail of it, and nothing else', async () => {
    const client = createQueryClient();
    const fetched = { list: vi.fn(async () => 'list'), detail: vi.fn(async () => 'detail'), cart: vi.fn(async () => 'cart') };
    const observe = (queryKey: readonly unknown[], queryFn: () => Promise<string>) =>
      client.getQueryCache().build(client, { queryKey, queryFn }).fetch();
    await observe(queryKeys.orders.list({ page: 1 }), fetched.list);
    await observe(queryKeys.orders.detail('SO-1'), fetched.detail);
    await observe(queryKeys.cart.all, fetched.cart);

    await client.invalidateQueries({ queryKey: queryKeys.orders.all });
    expect(client.getQueryState(queryKeys.orders.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.orders.detail('SO-1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.cart.all)?.isInvalidated).toBe(false);
  });

  it('keeps a user\'s preferences under the caller, one entry per user', () => {
    expect(queryKeys.me.preferences('u1').slice(0, 1)).toEqual(queryKeys.me.all);
    expect(queryKeys.me.preferences('u1')).not.toEqual(queryKeys.me.preferences('u2'));
  });
});

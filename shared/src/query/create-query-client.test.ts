import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './create-query-client';
import { queryRetryDelay } from './query-defaults';

describe('createQueryClient', () => {
  it('applies the spec defaults', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 5000, gcTime: 300000, retry: 0 });
    expect(queries?.retryDelay).toBe(queryRetryDelay);
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16000],
    [5, 30000],
    [10, 30000],
  ])('backs off %i -> %i ms', (attempt, delay) => {
    expect(queryRetryDelay(attempt)).toBe(delay);
  });

  it('lets callers override a default without losing the others', () => {
    const { queries } = createQueryClient({ defaultOptions: { queries: { staleTime: 0 } } }).getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 0, gcTime: 300000, retry: 0 });
  });

  it('fails a query declared without a query function with "Missing queryFn"', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['no-fn'] })).rejects.toThrow('Missing queryFn');
  });

  it('fails a query whose function resolves undefined, saying the data is undefined', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const error = await client
      .fetchQuery({ queryKey: ['orders', 7], queryFn: async () => undefined as unknown as string })
      .catch((e: unknown) => e);
    consoleError.mockRestore();
    expect(error).toBeInstanceOf(Error);
    // The message names the query so the culprit is easy to find.
    expect((error as Error).message).toBe('["orders",7] data is undefined');
  });

  it('does not retry a failing query by default', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(client.fetchQuery({ queryKey: ['down'], queryFn })).rejects.toThrow('down');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('resolves a query that returns null', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['nothing'], queryFn: async () => null })).resolves.toBeNull();
  });
});

import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import {
  missingQueryFn,
  QUERY_GC_TIME,
  QUERY_RETRY,
  QUERY_STALE_TIME,
  queryRetryDelay,
} from './query-defaults';

/**
 * Creates the portal's TanStack Query client with the spec's defaults. The shell creates one and
 * provides it; remotes use that one through the shared `@tanstack/react-query` singleton.
 * A query function that resolves `undefined` fails with TanStack's "<query hash> data is
 * undefined" error: return `null` for "nothing".
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { defaultOptions, ...rest } = config;
  return new QueryClient({
    ...rest,
    defaultOptions: {
      ...defaultOptions,
      queries: {
        staleTime: QUERY_STALE_TIME,
        gcTime: QUERY_GC_TIME,
        retry: QUERY_RETRY,
        retryDelay: queryRetryDelay,
        queryFn: missingQueryFn,
        ...defaultOptions?.queries,
      },
      mutations: { retry: 0, ...defaultOptions?.mutations },
    },
  });
}

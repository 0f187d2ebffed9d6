// Public entry of `@portal/shared/query`: the TanStack Query client with the spec's defaults, and the
// portal's one client with its provider (decision 033).
export { createQueryClient } from './create-query-client';
export { portalQueryClient, PortalQueryProvider } from './portal-query';
export {
  QUERY_STALE_TIME,
  QUERY_GC_TIME,
  QUERY_RETRY,
  QUERY_MAX_RETRY_DELAY,
  queryRetryDelay,
  missingQueryFn,
  MISSING_QUERY_FN_MESSAGE,
} from './query-defaults';
export { queryKeys } from './query-keys';
export type { ListFilters } from './query-keys';

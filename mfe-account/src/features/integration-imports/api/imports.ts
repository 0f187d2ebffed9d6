// The import jobs of every integration client and a job's refused lines, for the supplier's staff
// (issue 29, GET /api/v1/staff/integration/imports).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ImportRefusalListSchema, StaffImportJobListSchema } from '@portal/shared/schemas/account';

export const importsKey = ['account', 'integration', 'imports'] as const;
/** Refused lines per request: a job can refuse many, the list grows with "show more". */
export const REFUSALS_PAGE = 50;
/** While a job runs, its counts and last line move: the list is read again this often (ms). */
export const RUNNING_REFRESH_MS = 5_000;

export const importJobsQueryOptions = () =>
  queryOptions({
    queryKey: importsKey,
    queryFn: ({ signal }) => portalApi().get('/staff/integration/imports', { schema: StaffImportJobListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((j) => j.status === 'running') ? RUNNING_REFRESH_MS : false),
  });

export const useImportJobs = () => useQuery(importJobsQueryOptions());

export const refusalsQueryOptions = (jobId: string) =>
  infiniteQueryOptions({
    queryKey: [...importsKey, jobId, 'refusals'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      portalApi().get(`/staff/integration/imports/${encodeURIComponent(jobId)}/refusals`, {
        query: { after: String(pageParam), limit: String(REFUSALS_PAGE) },
        schema: ImportRefusalListSchema,
        signal,
      }),
    getNextPageParam: (last) => last.next_after ?? undefined,
  });

export const useRefusals = (jobId: string) => useInfiniteQuery(refusalsQueryOptions(jobId));

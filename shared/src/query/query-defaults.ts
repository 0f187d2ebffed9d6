/** Data stays fresh this long, in ms (spec section 7). */
export const QUERY_STALE_TIME = 5_000;
/** Unused data is dropped after this long, in ms. */
export const QUERY_GC_TIME = 300_000;
/** Queries do not retry by default: the API client already retries reads once. */
export const QUERY_RETRY = 0;
/** Upper bound of the backoff between retries, in ms. */
export const QUERY_MAX_RETRY_DELAY = 30_000;

/** Backoff of a query that opts into retries: 1 s doubled per attempt, capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY);
}

/** Message of the error raised by a query declared without a query function. */
export const MISSING_QUERY_FN_MESSAGE = 'Missing queryFn';

/** Default query function: a query must bring its own, so reaching this is a programming error. */
export function missingQueryFn(): never {
  throw new Error(MISSING_QUERY_FN_MESSAGE);
}

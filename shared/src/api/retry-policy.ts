/** HTTP methods that write; they are never retried because a retry could apply a write twice. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['PATCH', 'POST', 'PUT', 'DELETE']);

/** The only statuses worth a retry (spec section 7): transient conflicts, limits and outages. */
export const RETRY_STATUS_CODES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** How many times a request with this method is retried by default: once for reads, never for writes. */
export function defaultRetries(method: string): number {
  return WRITE_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

import type * as v from 'valibot';

/** Title of the toast shown when a response does not match its schema (spec section 7). */
export function malformedResponseTitle(method: string, url: string): string {
  return `${method.toUpperCase()} ${url} returned a malformed response`;
}

/** What the API client reports when a response body does not match the expected schema. */
export interface MalformedResponse {
  /** Toast title: `${METHOD} ${URL} returned a malformed response`. */
  title: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The URL as the caller passed it. */
  url: string;
  /** What valibot found wrong. */
  issues: readonly v.BaseIssue<unknown>[];
  /** The raw body, which the caller still receives. */
  data: unknown;
}

import * as v from 'valibot';
import { ProblemSchema, type Problem } from '../schemas/problem';

/** Code of an ApiError raised when no HTTP response arrived at all. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** What is known about a failed call. */
export interface ApiErrorInit {
  /** HTTP status, or 0 when the request never got a response. */
  status: number;
  /** Upper-case HTTP method. */
  method: string;
  /** The URL as the caller passed it (without base and prefix). */
  url: string;
  /** The decoded response body, whatever it was. */
  data?: unknown;
  /** The underlying error, for logs. */
  cause?: unknown;
}

/** Error raised by the API client for any status 400-599 (and for network failures, status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got a response. */
  readonly status: number;
  /** Stable error code from the problem body (e.g. `ORDERS_NOT_FOUND`), else `HTTP_<status>`. */
  readonly code: string;
  /** The RFC 9457 problem body, when the server sent a valid one. */
  readonly problem: Problem | undefined;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The URL as the caller passed it. */
  readonly url: string;
  /** The raw response body. */
  readonly data: unknown;

  constructor({ status, method, url, data, cause }: ApiErrorInit) {
    const parsed = v.safeParse(ProblemSchema, data);
    const problem = parsed.success ? parsed.output : undefined;
    const what = status === 0 ? 'failed without a response' : `failed with status ${status}`;
    super(problem ? `${method} ${url}: ${problem.title}` : `${method} ${url} ${what}`, { cause });
    this.status = status;
    this.method = method;
    this.url = url;
    this.data = data;
    this.problem = problem;
    this.code = problem?.code ?? (status === 0 ? NETWORK_ERROR_CODE : `HTTP_${status}`);
  }
}

/**
 * Whether a value is an ApiError. Checks the name as well as the class, so an error thrown by a
 * copy of this module in another bundle is recognised too.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
}

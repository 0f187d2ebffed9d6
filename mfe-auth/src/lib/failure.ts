// What went wrong with a call, as the screens need it: a stable code and field errors, from either
// the token endpoint (RFC 6749 body + our code) or any other call (problem details).
import { isApiError } from '@portal/shared/api';
import type { FieldError } from '@portal/shared/schemas/auth';

export interface Failure {
  /** Stable code (`INVALID_CREDENTIALS`, `CODE_EXPIRED`, `VALIDATION_FAILED`, `NETWORK_ERROR`…). */
  code: string;
  status: number;
  errors: FieldError[];
  /** The whole body, for the extra members of TWO_FACTOR_REQUIRED. */
  body: Record<string, unknown>;
}

export function failureOf(error: unknown): Failure {
  if (isApiError(error)) {
    const body = (error.data && typeof error.data === 'object' ? error.data : {}) as Record<string, unknown>;
    return { code: error.code, status: error.status, errors: error.problem?.errors ?? [], body };
  }
  // The shared token client's OAuthError keeps the response body on its cause (ofetch's FetchError).
  const e = error as { name?: string; status?: number; cause?: { data?: unknown } } | undefined;
  if (e?.name === 'OAuthError') {
    const data = e.cause?.data;
    const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const status = typeof e.status === 'number' ? e.status : 0;
    const code = typeof body.code === 'string' ? body.code : status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`;
    return { code, status, errors: Array.isArray(body.errors) ? (body.errors as FieldError[]) : [], body };
  }
  return { code: 'UNKNOWN', status: 0, errors: [], body: {} };
}

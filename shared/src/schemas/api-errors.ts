// In its own file, outside problem.ts: the shell bundles problem.ts but compares no code, so it
// does not carry this list (the login page's JavaScript must not grow, docs/decisions/001).
/** Stable codes any endpoint may answer with (the module-specific ones live with their schemas). */
export const API_ERRORS = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** A route of the supplier's staff (the integration staff page), called by a customer or a machine client. */
  STAFF_ONLY: 'STAFF_ONLY',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RATE_LIMITED: 'RATE_LIMITED',
  NOT_FOUND: 'NOT_FOUND',
  BAD_URL: 'BAD_URL',
  BAD_REQUEST: 'BAD_REQUEST',
  MALFORMED_BODY: 'MALFORMED_BODY',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INTERNAL: 'INTERNAL',
  NOT_READY: 'NOT_READY',
} as const;
export type ApiErrorCode = (typeof API_ERRORS)[keyof typeof API_ERRORS];

import { API_ERRORS, type FieldError } from '@portal/shared/schemas';

/** An expected failure: becomes a problem+json response with this status and stable code. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Extension members of the problem body (RFC 9457 §3.2), e.g. the short `lines` of an order. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A request that failed schema validation (400 VALIDATION_FAILED with field errors). */
export class ValidationError extends AppError {
  constructor(errors: FieldError[], message = 'The request is not valid') {
    super(400, API_ERRORS.VALIDATION_FAILED, message, errors);
  }
}

// Errors as RFC 9457 problem details with a stable `code`; nothing internal in a 5xx.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS, type FieldError, type Problem } from '@portal/shared/schemas';
import { isStoreUnavailable } from '../common/redis';
import { AppError } from '../errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function problemBody(
  request: FastifyRequest,
  status: number,
  code: string,
  detail?: string,
  errors?: FieldError[],
): Problem {
  const body: Problem = {
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    instance: request.url.split('?')[0]?.slice(0, 512),
    requestId: String(request.id),
  };
  if (detail) body.detail = detail;
  if (errors?.length) body.errors = errors;
  return body;
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  detail?: string,
  errors?: FieldError[],
) {
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(problemBody(request, status, code, detail, errors));
}

/** Fastify's own client errors, each with our stable code. */
const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, API_ERRORS.UNSUPPORTED_MEDIA_TYPE, 'This content type is not accepted here'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, API_ERRORS.MALFORMED_BODY, 'The request body does not match its length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, API_ERRORS.MALFORMED_BODY, 'The JSON body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, API_ERRORS.PAYLOAD_TOO_LARGE, 'The request body is too large'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, API_ERRORS.MALFORMED_BODY, 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_TYPE: [400, API_ERRORS.MALFORMED_BODY, 'The content type header is not valid'],
  FST_ERR_BAD_URL: [400, API_ERRORS.BAD_URL, 'The URL is not valid'],
  FST_ERR_BAD_STATUS_CODE: [500, API_ERRORS.INTERNAL, 'An unexpected error occurred'],
};

/** The error handler of the /api scope. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    if (error.extensions) {
      return reply.code(error.statusCode).type(PROBLEM_CONTENT_TYPE).send({ ...error.extensions, ...problemBody(request, error.statusCode, error.code, error.message, error.errors) });
    }
    return sendProblem(request, reply, error.statusCode, error.code, error.message, error.errors);
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known && known[0] < 500) {
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
    return sendProblem(request, reply, known[0], known[1], known[2]);
  }
  // A shared store (Redis) that cannot answer: limits fail closed (decision 023), the client may retry.
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: { name: error.name, message: error.message } }, 'shared store unavailable');
    reply.header('retry-after', '5');
    return sendProblem(request, reply, 503, API_ERRORS.NOT_READY, 'The service is briefly unavailable, try again shortly');
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return sendProblem(request, reply, 429, API_ERRORS.RATE_LIMITED, 'Too many requests, try again later');
  if (status >= 400 && status < 500) {
    // A JSON syntax error, a poisoned prototype, a bad header: all the client's fault, all 4xx.
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
    const code = error instanceof SyntaxError || /JSON|body/i.test(error.message) ? API_ERRORS.MALFORMED_BODY : API_ERRORS.BAD_REQUEST;
    return sendProblem(request, reply, status, code, status === 400 ? 'The request could not be read' : undefined);
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendProblem(request, reply, 500, API_ERRORS.INTERNAL, 'An unexpected error occurred');
}

/** Error and not-found handlers for one encapsulated scope (the /api plugin). */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, 404, API_ERRORS.NOT_FOUND, `No API resource at ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`),
  );
}

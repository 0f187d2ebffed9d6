import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_ERRORS,
  API_ERRORS,
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  EmailChangeStartedSchema,
  PasswordChangeSchema,
  ProfileInputSchema,
  ProfileSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { ProfileService } from './profile.service';

const problems = {
  400: { description: `Invalid input (${API_ERRORS.VALIDATION_FAILED})` },
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Provider staff have no customer profile (${ACCOUNT_ERRORS.CUSTOMERS_ONLY})` },
};

/** The sign-in (refresh-token family) the access token belongs to; the caller plugin verified the token. */
function sessionOf(request: FastifyRequest): string | null {
  const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: unknown };
    return typeof claims.sid === 'string' ? claims.sid : null;
  } catch {
    return null;
  }
}

export function registerProfileRoutes(app: FastifyInstance, registry: RouteRegistry, service: ProfileService, rateLimit: { max: number; timeWindow: number }) {
  const limited = { rateLimit: { ...rateLimit, keyGenerator: (req: FastifyRequest) => `profile:${req.ip}` } };

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/profile',
    operationId: 'getProfile',
    summary: "The signed-in customer's personal information",
    tags: ['account'],
    auth: 'bearer',
    responses: { 200: { description: 'The profile', schema: ProfileSchema }, 401: problems[401], 403: problems[403] },
    handler: async ({ reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.read(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/profile',
    operationId: 'updateProfile',
    summary: 'Change first name, last name, phone number and function',
    tags: ['account'],
    auth: 'bearer',
    body: ProfileInputSchema,
    responses: { 200: { description: 'The profile after the change', schema: ProfileSchema }, ...problems },
    handler: async ({ body, caller }) => service.update(caller, body),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/profile/email',
    operationId: 'startEmailChange',
    summary: 'Send a code to a new email address; the address changes once the code is confirmed',
    tags: ['account'],
    auth: 'bearer',
    body: EmailChangeRequestSchema,
    config: limited,
    responses: {
      202: { description: 'A code is on its way to the new address', schema: EmailChangeStartedSchema },
      ...problems,
      409: { description: `The address belongs to another account (${ACCOUNT_ERRORS.EMAIL_TAKEN})` },
      429: { description: `Wait before asking for another code (${API_ERRORS.RATE_LIMITED})` },
    },
    handler: async ({ body, caller, request, reply }) => {
      reply.code(202);
      return service.startEmailChange(caller, body.email, request.locale);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/profile/email/confirm',
    operationId: 'confirmEmailChange',
    summary: 'Confirm the new email address with the mailed code',
    tags: ['account'],
    auth: 'bearer',
    body: EmailChangeConfirmSchema,
    config: limited,
    responses: {
      200: { description: 'The profile with its new address', schema: ProfileSchema },
      ...problems,
      409: { description: `The address was taken meanwhile (${ACCOUNT_ERRORS.EMAIL_TAKEN})` },
    },
    handler: async ({ body, caller }) => service.confirmEmailChange(caller, body),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/profile/password',
    operationId: 'changePassword',
    summary: 'Change the password (asks for the current one); other sessions are signed out',
    tags: ['account'],
    auth: 'bearer',
    body: PasswordChangeSchema,
    config: limited,
    responses: { 204: { description: 'The password is changed' }, ...problems },
    handler: async ({ body, caller, request, reply }) => {
      await service.changePassword(caller, body, sessionOf(request));
      reply.code(204);
      return undefined;
    },
  });
}

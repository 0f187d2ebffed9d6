import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ACCOUNT_ERRORS,
  API_ERRORS,
  InviteUserSchema,
  ManagedUserSchema,
  ManagedUsersQuerySchema,
  UpdateManagedUserSchema,
  UserClosureSchema,
  UserIdParamsSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { UsersService } from './users.service';

const problems = {
  400: { description: `Invalid input (${API_ERRORS.VALIDATION_FAILED})` },
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not an administrator of the organisation (${ACCOUNT_ERRORS.ADMINS_ONLY})` },
};
const notFound = { 404: { description: `No such user in the organisation (${ACCOUNT_ERRORS.USER_NOT_FOUND})` } };

export function registerUsersRoutes(app: FastifyInstance, registry: RouteRegistry, service: UsersService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/users',
    operationId: 'listUsers',
    summary: "The organisation's users, with search, role and status filters (administrators only)",
    tags: ['users'],
    auth: 'bearer',
    querystring: ManagedUsersQuerySchema,
    responses: { 200: { description: 'The users', schema: v.array(ManagedUserSchema) }, ...problems },
    handler: async ({ query, caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(caller, query);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/users',
    operationId: 'inviteUser',
    summary: 'Invite a user: a mail in their language with a link to choose a password',
    tags: ['users'],
    auth: 'bearer',
    body: InviteUserSchema,
    responses: {
      201: { description: 'The invited user', schema: ManagedUserSchema },
      ...problems,
      409: { description: `The address already has an account (${ACCOUNT_ERRORS.EMAIL_TAKEN})` },
    },
    handler: async ({ body, caller, request, reply }) => {
      const user = await service.invite(caller, body, request.locale, { ip: request.ip, requestId: String(request.id) });
      reply.code(201);
      return user;
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/users/:id',
    operationId: 'getUser',
    summary: 'One user of the organisation (administrators only)',
    tags: ['users'],
    auth: 'bearer',
    params: UserIdParamsSchema,
    responses: { 200: { description: 'The user', schema: ManagedUserSchema }, ...problems, ...notFound },
    handler: async ({ params, caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(caller, params.id);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/users/:id',
    operationId: 'updateUser',
    summary: "Change a user's role, or deactivate / reactivate their access to the caller's organisation (their other organisations are untouched); the last administrator stays",
    tags: ['users'],
    auth: 'bearer',
    params: UserIdParamsSchema,
    body: UpdateManagedUserSchema,
    responses: {
      200: { description: 'The user after the change', schema: ManagedUserSchema },
      ...problems,
      ...notFound,
      409: { description: `The organisation would have no active administrator left (${ACCOUNT_ERRORS.LAST_ADMIN})` },
    },
    handler: async ({ params, body, caller, request }) => service.update(caller, params.id, body, { ip: request.ip, requestId: String(request.id) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/users/:id/close',
    operationId: 'closeUser',
    summary: "Close a user's account: their sign-ins end now and their data goes after the retention period (decision 063); a user who belongs to another organisation too only leaves this one; the last administrator stays",
    tags: ['users'],
    auth: 'bearer',
    params: UserIdParamsSchema,
    responses: {
      200: { description: 'Closed, or removed from the organisation', schema: UserClosureSchema },
      ...problems,
      ...notFound,
      409: { description: `The organisation would have no active administrator left (${ACCOUNT_ERRORS.LAST_ADMIN})` },
    },
    handler: async ({ params, caller, request }) => service.close(caller, params.id, { ip: request.ip, requestId: String(request.id) }),
  });
}

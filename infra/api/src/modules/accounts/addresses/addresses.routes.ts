// The address book (contract-checkout.md): the caller's organisation's addresses, or a web-shop
// customer's own. Organisation administrators and buyers may change it (the checkout saves a new
// address to it); staff and anonymous sessions are refused.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ADDRESS_ERRORS, AddressBookInputSchema, AddressSchema, API_ERRORS, CATALOG_ERRORS, UuidSchema } from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../../caller';
import { requireCustomer } from '../../../common/scope';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { AddressRepository } from './addresses.repository';

const IdParams = v.object({ id: UuidSchema });

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `A provider employee: the address book is the customer's (${CATALOG_ERRORS.CUSTOMERS_ONLY})` },
};
const notFound = { 404: { description: `Not in the caller's address book (${ADDRESS_ERRORS.NOT_FOUND})` } };

/** A signed-in customer (with or without an organisation); staff 403, everyone else 401. */
export const requireBookOwner = (caller: Caller): CustomerCaller =>
  requireCustomer(caller, { code: CATALOG_ERRORS.CUSTOMERS_ONLY, message: 'The address book is for customer accounts' });

const missing = () => new AppError(404, ADDRESS_ERRORS.NOT_FOUND, 'No such address');

export function registerAddressRoutes(app: FastifyInstance, registry: RouteRegistry, repo: AddressRepository) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/addresses',
    operationId: 'listAddresses',
    summary: "The caller's address book (their organisation's, or a web-shop customer's own)",
    tags: ['addresses'],
    auth: 'bearer',
    responses: { 200: { description: 'The addresses', schema: v.array(AddressSchema) }, ...problems },
    handler: async ({ reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return repo.list(requireBookOwner(caller));
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/addresses',
    operationId: 'createAddress',
    summary: 'Add an address to the book (the first of its type, or `is_default`, becomes the default)',
    tags: ['addresses'],
    auth: 'bearer',
    body: AddressBookInputSchema,
    responses: { 201: { description: 'The new address', schema: AddressSchema }, 400: { description: API_ERRORS.VALIDATION_FAILED }, ...problems },
    handler: async ({ body, caller, reply }) => {
      const { is_default, ...input } = body;
      const created = await repo.create(requireBookOwner(caller), input, is_default);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/addresses/:id',
    operationId: 'updateAddress',
    summary: 'Replace an address of the book (`is_default: true` clears the other default of its type)',
    tags: ['addresses'],
    auth: 'bearer',
    params: IdParams,
    body: AddressBookInputSchema,
    responses: { 200: { description: 'The address', schema: AddressSchema }, 400: { description: API_ERRORS.VALIDATION_FAILED }, ...problems, ...notFound },
    handler: async ({ params, body, caller }) => {
      const { is_default, ...input } = body;
      const updated = await repo.update(requireBookOwner(caller), params.id, input, is_default);
      if (!updated) throw missing();
      return updated;
    },
  });

  defineRoute(app, registry, {
    method: 'DELETE',
    url: '/v1/addresses/:id',
    operationId: 'deleteAddress',
    summary: 'Remove an address from the book (orders keep their own copy)',
    tags: ['addresses'],
    auth: 'bearer',
    params: IdParams,
    responses: { 204: { description: 'Removed' }, ...problems, ...notFound },
    handler: async ({ params, caller, reply }) => {
      if (!(await repo.remove(requireBookOwner(caller), params.id))) throw missing();
      reply.code(204);
      return undefined;
    },
  });
}

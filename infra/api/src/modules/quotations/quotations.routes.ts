import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  QUOTATION_ERRORS,
  QuotationAnswerSchema,
  QuotationCreateSchema,
  QuotationIdParamsSchema,
  QuotationListSchema,
  QuotationSchema,
  QuotationUpdateSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { QuotationsService } from './quotations.service';

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: {
    description: `Not the caller's step (${QUOTATION_ERRORS.ROLE}): customers request and accept, staff answer; or a web-shop customer, who has no organisation (${QUOTATION_ERRORS.ORGANISATION_ONLY})`,
  },
  404: { description: `No such quotation for this caller (${QUOTATION_ERRORS.NOT_FOUND})` },
};
const ok = { description: 'The quotation', schema: QuotationSchema };

export function registerQuotationRoutes(app: FastifyInstance, registry: RouteRegistry, service: QuotationsService) {
  const common = { tags: ['quotations'], auth: 'bearer' as const };

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/quotations',
    operationId: 'listQuotations',
    summary: "The organisation's quotations (staff: the assigned organisations'), newest first",
    responses: { 200: { description: 'The quotations', schema: QuotationListSchema }, 401: problems[401], 403: problems[403] },
    handler: async ({ request, reply, caller }) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(caller, request.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/quotations',
    operationId: 'createQuotation',
    summary: 'Create a quotation: empty, from the cart, or with products (e.g. a price-on-request product)',
    body: QuotationCreateSchema,
    responses: { 201: ok, 400: { description: 'Bad input' }, 401: problems[401], 403: problems[403], 422: { description: `A product cannot be quoted (${QUOTATION_ERRORS.PRODUCT_NOT_FOUND})` } },
    handler: async ({ request, reply, caller, body }) => {
      reply.code(201);
      return service.create(caller, body, request.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/quotations/:id',
    operationId: 'getQuotation',
    summary: 'One quotation with its lines (and prices once answered) and history',
    params: QuotationIdParamsSchema,
    responses: { 200: ok, ...problems },
    handler: async ({ request, reply, caller, params }) => {
      reply.header('cache-control', 'private, no-store');
      return service.detail(caller, params.id, request.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'PUT',
    url: '/v1/quotations/:id',
    operationId: 'updateQuotation',
    summary: 'Edit a draft quotation (title and lines); a sent one is locked',
    params: QuotationIdParamsSchema,
    body: QuotationUpdateSchema,
    responses: { 200: ok, 400: { description: 'Bad input' }, ...problems, 409: { description: `Sent: locked (${QUOTATION_ERRORS.LOCKED})` }, 422: { description: QUOTATION_ERRORS.PRODUCT_NOT_FOUND } },
    handler: async ({ request, caller, params, body }) => service.update(caller, params.id, body, request.locale),
  });

  defineRoute(app, registry, {
    ...common,
    method: 'DELETE',
    url: '/v1/quotations/:id',
    operationId: 'deleteQuotation',
    summary: 'Delete a quotation (not one that was accepted or ordered)',
    params: QuotationIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, ...problems, 409: { description: QUOTATION_ERRORS.WRONG_STATUS } },
    handler: async ({ reply, caller, params }) => {
      await service.remove(caller, params.id);
      return reply.code(204).send();
    },
  });

  for (const [action, summary, operationId] of [
    ['send', 'Send a draft to the case manager; it is locked from then on', 'sendQuotation'],
    ['accept', 'Accept an answered quotation while it is valid (then order it through the checkout)', 'acceptQuotation'],
  ] as const) {
    defineRoute(app, registry, {
      ...common,
      method: 'POST',
      url: `/v1/quotations/:id/${action}`,
      operationId,
      summary,
      params: QuotationIdParamsSchema,
      responses: { 200: ok, ...problems, 409: { description: `${QUOTATION_ERRORS.LOCKED}, ${QUOTATION_ERRORS.WRONG_STATUS}, ${QUOTATION_ERRORS.EMPTY}, ${QUOTATION_ERRORS.EXPIRED}` } },
      handler: async ({ request, caller, params }) => (action === 'send' ? service.send(caller, params.id, request.locale) : service.accept(caller, params.id, request.locale)),
    });
  }

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/quotations/:id/answer',
    operationId: 'answerQuotation',
    summary: 'The case manager answers a sent quotation with a price per line and a validity date',
    params: QuotationIdParamsSchema,
    body: QuotationAnswerSchema,
    responses: { 200: ok, 400: { description: 'Bad input' }, ...problems, 409: { description: QUOTATION_ERRORS.WRONG_STATUS }, 422: { description: 'A line without a price, or a date in the past' } },
    handler: async ({ request, caller, params, body }) => service.answer(caller, params.id, body, request.locale),
  });
}

// The recalls' routes (issue 42, decision 074): the supplier's staff open and follow recalls under
// /v1/staff/recalls, the ERP opens them under /api/integration/v1/recalls (scope recalls:write),
// and the members of a receiving organisation (and web-shop customers who received units) read and
// answer their notice under /v1/recalls. Staff widen and close a recall, the ERP closes it (decision 080).
import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  INTEGRATION_ERRORS,
  MyRecallListSchema,
  MyRecallSchema,
  MyRecallQuerySchema,
  MyRecallsQuerySchema,
  RECALL_ERRORS,
  RecallAnswerSchema,
  RecallCloseSchema,
  RecallCorrectSchema,
  RecallIdParamsSchema,
  RecallListSchema,
  RecallOpenSchema,
  RecallSchema,
} from '@portal/shared/schemas';
import { requireSignedIn, requireStaff } from '../../caller';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { checkResponse } from '../../http/validate';
import { RECALL_CLOSE_EXAMPLE, RECALL_CLOSED_EXAMPLE, RECALL_CORRECT_EXAMPLE, RECALL_EXAMPLE, RECALL_OPEN_EXAMPLE } from './recalls.examples';
import type { RecallsService } from './recalls.service';

const badInput = { 400: { description: `Bad input, e.g. a GTIN with a wrong check digit or no lot, serial or expiry (${API_ERRORS.VALIDATION_FAILED})` } };
const staffRefusals = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not the supplier's staff (${API_ERRORS.STAFF_ONLY})` },
};
const signedIn = { 401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` } };
const notFound = { 404: { description: `No such recall for the caller's organisation (${RECALL_ERRORS.NOT_FOUND})` } };
const opened = {
  200: { description: 'Opened before under this reference with the same content: the stored recall, nothing changed', schema: RecallSchema, example: RECALL_EXAMPLE },
  201: { description: 'Opened: the receivers found, told and blocked', schema: RecallSchema, example: RECALL_EXAMPLE },
  409: { description: `The reference was used with other content (${RECALL_ERRORS.CONFLICT})` },
};
const openDescription =
  'A recall or field safety notice for one GTIN (8, 12, 13 or 14 digits with a valid check digit; answered as GTIN-14) with lots, serial numbers ' +
  'or an expiry range, and its reason and instructions in en, nl and fr. In one transaction the lot index is searched for every shipment line ' +
  'that delivered those units, each receiving organisation gets a notice (its administrators and the buyers who ordered a mail in their ' +
  `language, a banner on the dashboard until it answers), the event recall.opened is published, and further shipment reports of those units are refused (${RECALL_ERRORS.LOT_RECALLED}). ` +
  'A shipment reported at the same moment is either counted in the recall or refused.';

const closedRefusal = { 409: { description: `The recall is closed (${RECALL_ERRORS.CLOSED})` } };
const closeDescription =
  'Closes an open recall with a note in en, nl and fr (why: completed, withdrawn, replaced). From then on shipments of its units are no ' +
  `longer refused, its banner no longer shows, answers are refused (${RECALL_ERRORS.CLOSED}), the follow-up and the export show who closed ` +
  'it and when, and the event recall.closed is published.';

export function registerRecallsRoutes(app: FastifyInstance, registry: RouteRegistry, service: RecallsService) {
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/recalls',
    operationId: 'openRecall',
    summary: "The supplier's staff open a recall or field safety notice",
    description: openDescription,
    tags: ['recalls'],
    auth: 'bearer',
    body: RecallOpenSchema,
    bodyExample: RECALL_OPEN_EXAMPLE,
    responses: { ...opened, ...badInput, ...staffRefusals },
    handler: async ({ caller, body, reply }) => {
      requireStaff(caller);
      const { replayed, recall } = await service.open({ name: await service.personName(caller.userId) }, body);
      reply.header('cache-control', 'no-store');
      if (replayed) return recall;
      return reply.code(201).send(checkResponse(RecallSchema, recall, 'POST /v1/staff/recalls'));
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/recalls',
    operationId: 'openRecallFromErp',
    summary: 'The ERP opens a recall or field safety notice (scope recalls:write)',
    description: `${openDescription} Idempotent by \`reference\`: the same body again answers 200 with the stored recall.`,
    tags: ['Integration'],
    auth: 'bearer',
    scope: 'recalls:write',
    body: RecallOpenSchema,
    bodyExample: RECALL_OPEN_EXAMPLE,
    responses: {
      ...opened,
      ...badInput,
      401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not an integration client's token (${INTEGRATION_ERRORS.NOT_A_CLIENT}), or a client without recalls:write (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
    },
    handler: async ({ caller, body, reply }) => {
      const { replayed, recall } = await service.open({ name: caller.clientName }, body);
      reply.header('cache-control', 'no-store');
      if (replayed) return recall;
      return reply.code(201).send(checkResponse(RecallSchema, recall, 'POST /integration/v1/recalls'));
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/recalls',
    operationId: 'listRecalls',
    summary: 'Every recall, newest first, with how many organisations were told and answered and the units outstanding (staff)',
    tags: ['recalls'],
    auth: 'bearer',
    responses: { 200: { description: 'The recalls', schema: RecallListSchema }, ...staffRefusals },
    handler: async ({ caller, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return service.list();
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/recalls/:id',
    operationId: 'followRecall',
    summary: 'A recall followed: who received what, who was told, who answered, units outstanding (staff)',
    tags: ['recalls'],
    auth: 'bearer',
    params: RecallIdParamsSchema,
    responses: { 200: { description: 'The recall', schema: RecallSchema, example: RECALL_EXAMPLE }, ...staffRefusals, 404: { description: `No such recall (${RECALL_ERRORS.NOT_FOUND})` } },
    handler: async ({ caller, params, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return service.get(params.id);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/recalls/:id/export.csv',
    operationId: 'exportRecall',
    summary: 'A recall for the competent authority: one CSV row per delivery with the organisation, its notice and its answer (staff)',
    tags: ['recalls'],
    auth: 'bearer',
    params: RecallIdParamsSchema,
    responses: { 200: { description: 'The follow-up', contentType: 'text/csv' }, ...staffRefusals, 404: { description: `No such recall (${RECALL_ERRORS.NOT_FOUND})` } },
    handler: async ({ caller, params, reply }) => {
      requireStaff(caller);
      const { reference, csv } = await service.csv(params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="recall-${reference.replace(/[^\w.-]/g, '_')}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/recalls',
    operationId: 'myRecalls',
    summary: "The recalls that reached the caller's organisation, or the caller as a web-shop customer, with what was received and the answer (`open=true`: those not answered yet, of recalls not closed)",
    tags: ['recalls'],
    auth: 'bearer',
    querystring: MyRecallsQuerySchema,
    responses: { 200: { description: 'The notices (none for staff)', schema: MyRecallListSchema }, ...signedIn, ...badInput },
    handler: async ({ caller, query, reply }) => {
      requireSignedIn(caller);
      reply.header('cache-control', 'private, no-store');
      return service.mine(caller, query.open === 'true');
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/recalls/:id',
    operationId: 'myRecall',
    summary: "A recall as it reached the caller's organisation: the deliveries, the instructions and its answer",
    tags: ['recalls'],
    auth: 'bearer',
    description: "`received_by=customer`: the caller's own notice as a web-shop customer where the recall also reached their organisation (decision 086).",
    params: RecallIdParamsSchema,
    querystring: MyRecallQuerySchema,
    responses: { 200: { description: 'The notice', schema: MyRecallSchema }, ...signedIn, ...notFound, ...badInput },
    handler: async ({ caller, params, query, reply }) => {
      requireSignedIn(caller);
      reply.header('cache-control', 'private, no-store');
      return service.myRecall(caller, params.id, query.received_by);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/recalls/:id/answer',
    operationId: 'answerRecall',
    summary: "The organisation answers a recall: units on hand, already used, and to return (a later answer replaces it)",
    tags: ['recalls'],
    auth: 'bearer',
    description: "`received_by`: which of the caller's notices it answers, where one recall reached both their organisation and their own web-shop order (decision 086).",
    params: RecallIdParamsSchema,
    querystring: MyRecallQuerySchema,
    body: RecallAnswerSchema,
    responses: {
      200: { description: 'The notice with its answer', schema: MyRecallSchema },
      ...badInput,
      ...signedIn,
      ...notFound,
      ...closedRefusal,
      422: { description: `On hand and used count more than the organisation received (${RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED})` },
    },
    handler: async ({ caller, params, query, body }) => {
      requireSignedIn(caller);
      return service.answer(caller, params.id, body, query.received_by);
    },
  });

  defineRoute(app, registry, {
    method: 'PATCH',
    url: '/v1/staff/recalls/:id',
    operationId: 'correctRecall',
    summary: "The supplier's staff widen an open recall or fix its texts",
    description:
      'Lots and serial numbers are sent as the whole new lists and must keep every stored one; an expiry bound only moves outwards; the ' +
      `reason and instructions are replaced. Narrowing is refused (${RECALL_ERRORS.NARROWING_REFUSED}): close the recall instead. Under the same ` +
      'lock as the opening the lot index is searched again: a shipment reported at the same moment is counted or refused; the organisations ' +
      'and web-shop customers reached for the first time are told and mailed, the others get the units added; the event recall.corrected is published.',
    tags: ['recalls'],
    auth: 'bearer',
    params: RecallIdParamsSchema,
    body: RecallCorrectSchema,
    bodyExample: RECALL_CORRECT_EXAMPLE,
    responses: {
      200: { description: 'The corrected recall', schema: RecallSchema, example: RECALL_EXAMPLE },
      ...badInput,
      ...staffRefusals,
      404: { description: `No such recall (${RECALL_ERRORS.NOT_FOUND})` },
      ...closedRefusal,
      422: { description: `The correction would take units out of the recall (${RECALL_ERRORS.NARROWING_REFUSED})` },
    },
    handler: async ({ caller, params, body, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'no-store');
      return service.correct({ name: await service.personName(caller.userId) }, params.id, body);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/staff/recalls/:id/close',
    operationId: 'closeRecall',
    summary: "The supplier's staff close a recall",
    description: closeDescription,
    tags: ['recalls'],
    auth: 'bearer',
    params: RecallIdParamsSchema,
    body: RecallCloseSchema,
    bodyExample: RECALL_CLOSE_EXAMPLE,
    responses: { 200: { description: 'The closed recall', schema: RecallSchema, example: RECALL_CLOSED_EXAMPLE }, ...badInput, ...staffRefusals, 404: { description: `No such recall (${RECALL_ERRORS.NOT_FOUND})` }, ...closedRefusal },
    handler: async ({ caller, params, body, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'no-store');
      return service.close({ name: await service.personName(caller.userId) }, params.id, body);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/integration/v1/recalls/:id/close',
    operationId: 'closeRecallFromErp',
    summary: 'The ERP closes a recall (scope recalls:write)',
    description: closeDescription,
    tags: ['Integration'],
    auth: 'bearer',
    scope: 'recalls:write',
    params: RecallIdParamsSchema,
    body: RecallCloseSchema,
    bodyExample: RECALL_CLOSE_EXAMPLE,
    responses: {
      200: { description: 'The closed recall', schema: RecallSchema, example: RECALL_CLOSED_EXAMPLE },
      ...badInput,
      401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Not an integration client's token (${INTEGRATION_ERRORS.NOT_A_CLIENT}), or a client without recalls:write (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
      404: { description: `No such recall (${RECALL_ERRORS.NOT_FOUND})` },
      ...closedRefusal,
    },
    handler: async ({ caller, params, body, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.close({ name: caller.clientName }, params.id, body);
    },
  });
}

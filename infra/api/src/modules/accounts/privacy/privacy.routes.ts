import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ERRORS, API_ERRORS, AccountClosedSchema, CloseAccountSchema, DataExportSchema, PRIVACY_ERRORS } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { toCsv } from './data-export';
import type { PrivacyService } from './privacy.service';

const unauthorized = { 401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` } };
const fileName = (ext: string) => `my-data-${new Date().toISOString().slice(0, 10)}.${ext}`;

export function registerPrivacyRoutes(app: FastifyInstance, registry: RouteRegistry, service: PrivacyService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/profile/data',
    operationId: 'downloadMyData',
    summary: "The signed-in person's own data (profile, addresses, orders, quotations, messages, …) as JSON",
    tags: ['account'],
    auth: 'bearer',
    responses: { 200: { description: 'Their data', schema: DataExportSchema }, ...unauthorized },
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${fileName('json')}"`);
      return service.exportData(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/profile/data/csv',
    operationId: 'downloadMyDataCsv',
    summary: "The same data as CSV: one value a line (section, record, field, value)",
    tags: ['account'],
    auth: 'bearer',
    responses: { 200: { description: 'Their data', contentType: 'text/csv' }, ...unauthorized },
    handler: async ({ caller, reply }) => {
      const csv = toCsv(await service.exportData(caller));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName('csv')}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/profile/close',
    operationId: 'closeMyAccount',
    summary: "A web-shop customer closes their own account: its sign-ins end now, its data goes after the retention period (a member's administrator closes theirs)",
    tags: ['account'],
    auth: 'bearer',
    body: CloseAccountSchema,
    responses: {
      200: { description: 'Closed', schema: AccountClosedSchema },
      400: { description: `Not confirmed (${API_ERRORS.VALIDATION_FAILED})` },
      ...unauthorized,
      403: { description: `A member of an organisation (${PRIVACY_ERRORS.CLOSE_BY_ADMINISTRATOR}) or provider staff (${ACCOUNT_ERRORS.CUSTOMERS_ONLY})` },
    },
    handler: async ({ caller, request }) => service.close(caller, { ip: request.ip, requestId: String(request.id) }),
  });
}

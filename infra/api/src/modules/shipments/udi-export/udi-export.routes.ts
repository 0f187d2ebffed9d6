// The hospital's UDI export (issue 42, decision 070): every member of a customer organisation (admin,
// buyer, approver) may download it, because each already sees the organisation's orders with their
// lots on the order page; staff are refused (their tracing of a lot is the recalls'). CSV or GS1 element strings.
import type { FastifyInstance } from 'fastify';
import { UDI_EXPORT_ERRORS, UDI_EXPORT_MAX_DAYS, UdiExportQuerySchema } from '@portal/shared/schemas';
import { ORDER_ALIAS_O, orderScope, requireCustomer } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { udiExportBody, udiExportRows } from './udi-export';

export function registerUdiExportRoutes(app: FastifyInstance, registry: RouteRegistry, db: Db) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/udi-export',
    operationId: 'getUdiExport',
    summary: 'The UDIs of the devices the organisation received in a period: CSV, or GS1 element strings one a line',
    description:
      'One row per unit (per serial number, else per lot) shipped between `from` and `to` (both included, at most ' +
      `${UDI_EXPORT_MAX_DAYS} days): by default the implantable and class III devices (MDR Art. 27(8)); \`devices=all\` for every device ` +
      'with an MDR class. `product` narrows to one article code.',
    tags: ['orders'],
    auth: 'bearer',
    querystring: UdiExportQuerySchema,
    responses: {
      200: { description: 'The export', contentType: 'text/csv' },
      400: { description: 'A bad period, product or format' },
      401: { description: 'Not signed in' },
      403: { description: `Staff (${UDI_EXPORT_ERRORS.CUSTOMERS_ONLY})` },
    },
    handler: async ({ reply, query, caller }) => {
      const customer = requireCustomer(caller, { code: UDI_EXPORT_ERRORS.CUSTOMERS_ONLY, message: "The UDI export is a customer organisation's record" });
      const rows = await udiExportRows(db, orderScope(customer, ORDER_ALIAS_O), query);
      const csv = query.format === 'csv';
      return reply
        .type(csv ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="udi-export-${query.from}-${query.to}.${csv ? 'csv' : 'txt'}"`)
        .send(udiExportBody(rows, query.format));
    },
  });
}

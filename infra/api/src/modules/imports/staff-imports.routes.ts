// The supplier staff's view of the imports (issue 29, the Integration page): every client's latest
// bulk jobs with their progress, and a job's refused lines. Read-only; the jobs are the same rows
// the clients follow through /api/integration/v1/jobs/{id}.
import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  IMPORT_ERRORS,
  ImportJobParamsSchema,
  ImportRefusalListSchema,
  ImportRefusalsQuerySchema,
  StaffImportJobListSchema,
} from '@portal/shared/schemas';
import { requireStaff } from '../../caller';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { JobsRepository } from './jobs.repository';

/** The most jobs the staff list shows: the page is for following recent imports, not an archive. */
export const STAFF_JOBS_LIMIT = 100;

const staffProblems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not a member of the supplier's staff (${API_ERRORS.STAFF_ONLY})` },
};

export function registerStaffImportRoutes(app: FastifyInstance, registry: RouteRegistry, jobs: JobsRepository) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/integration/imports',
    operationId: 'staffImportJobs',
    summary: `Every client's latest bulk import jobs with kind, client, status, counts and last committed line (staff only, at most ${STAFF_JOBS_LIMIT})`,
    tags: ['staff'],
    auth: 'bearer',
    responses: { 200: { description: 'Newest first', schema: StaffImportJobListSchema }, ...staffProblems },
    handler: async ({ caller, reply }) => {
      requireStaff(caller);
      reply.header('cache-control', 'private, no-store');
      return { items: await jobs.recent(caller, STAFF_JOBS_LIMIT) };
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/staff/integration/imports/:id/refusals',
    operationId: 'staffImportJobRefusals',
    summary: "A bulk job's refused lines in line order: line number, stable code, message (pages of `limit` after line `after`; staff only)",
    tags: ['staff'],
    auth: 'bearer',
    params: ImportJobParamsSchema,
    querystring: ImportRefusalsQuerySchema,
    responses: {
      200: { description: 'A page of refused lines', schema: ImportRefusalListSchema },
      400: { description: `A malformed job id, \`after\` or \`limit\` (${API_ERRORS.VALIDATION_FAILED})` },
      ...staffProblems,
      404: { description: `No such job (${IMPORT_ERRORS.JOB_NOT_FOUND})` },
    },
    handler: async ({ caller, params, query, reply }) => {
      requireStaff(caller);
      const job = await jobs.visible(caller, params.id.toLowerCase());
      if (!job) throw new AppError(404, IMPORT_ERRORS.JOB_NOT_FOUND, `No import job ${params.id}`);
      reply.header('cache-control', 'private, no-store');
      return jobs.refusals(job.id, query.after, query.limit);
    },
  });
}

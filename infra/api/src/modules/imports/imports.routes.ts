// The supplier's records in (issue 29 "In", decision 049): per kind, a bulk NDJSON upload answered
// with its job, and the job's progress and refused lines; the stock's single-record update.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  API_ERRORS,
  ArticleCodeParamsSchema,
  IMPORT_ERRORS,
  INTEGRATION_ERRORS,
  ImportBulkQuerySchema,
  ImportJobParamsSchema,
  ImportJobSchema,
  ImportRefusalListSchema,
  ImportRefusalsQuerySchema,
  ImportSingleResultSchema,
  ProductImageQuerySchema,
  StockUpdateBodySchema,
} from '@portal/shared/schemas';
import { requireIntegrationClient, requireScope, type IntegrationCaller } from '../../caller';
import type { CatalogueImportPort } from '../catalog/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { RecordIntegrationWrite } from './audit-port';
import type { BulkRunner } from './bulk';
import type { ImportKind } from './import-kind';
import { JobMovedError, toApiJob, type JobsRepository } from './jobs.repository';
import { LineTooLongError, MAX_LINE_CHARS } from './ndjson';
import { BULK_BODY_EXAMPLES, REFUSALS_EXAMPLE, RUNNING_JOB_EXAMPLE, STOCK_UPDATE_EXAMPLE, doneJobExample } from './imports.examples';

const TAG = 'Integration';
/** The largest product picture accepted (bytes). */
export const IMAGE_BYTES = 10 * 1024 * 1024;
const JOB_HEADER = 'import-job-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refusedAnswers = {
  401: { description: `No or invalid access token (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not an integration client (${INTEGRATION_ERRORS.NOT_A_CLIENT}) or without the route's scope (${INTEGRATION_ERRORS.SCOPE_MISSING})` },
};

/** The job id the sender chose (header or `?resume=`), or a new one. */
function jobIdOf(request: FastifyRequest, resume: string | undefined): string {
  const header = request.headers[JOB_HEADER];
  if (header !== undefined && (typeof header !== 'string' || !UUID.test(header))) {
    throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'Import-Job-Id must be a UUID');
  }
  if (header && resume && header.toLowerCase() !== resume.toLowerCase()) throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'Import-Job-Id and ?resume= name different jobs');
  return (header ?? resume ?? randomUUID()).toLowerCase();
}

export function registerImportRoutes(app: FastifyInstance, registry: RouteRegistry, deps: { db: Db; jobs: JobsRepository; runner: BulkRunner; kinds: ImportKind<unknown>[]; audit: RecordIntegrationWrite; catalogue: CatalogueImportPort }) {
  const { jobs, runner } = deps;

  async function openJob(caller: IntegrationCaller, id: string, kind: ImportKind<unknown>) {
    const job = await jobs.open(caller.clientId, id, kind.name);
    if (job) return job;
    if (await jobs.find(caller.clientId, id)) throw new AppError(409, IMPORT_ERRORS.JOB_CONFLICT, `Job ${id} is not a ${kind.name} import`);
    throw new AppError(404, IMPORT_ERRORS.JOB_NOT_FOUND, `No job ${id} of this client`);
  }

  for (const kind of deps.kinds) {
    defineRoute(app, registry, {
      method: 'POST',
      url: `/integration/v1/${kind.name}/bulk`,
      operationId: `import${kind.name[0]!.toUpperCase()}${kind.name.slice(1)}`,
      summary: `Bulk upload of ${kind.name} as NDJSON (one record per line), answered with its job (scope ${kind.scope})`,
      description: [
        `The body is \`application/x-ndjson\`: one JSON record per line, read as it arrives (any size; a line at most ${MAX_LINE_CHARS} characters).`,
        `Each line is checked and applied on its own: a refused line (code and line number in \`GET /jobs/{id}/refusals\`) never refuses the others.`,
        'Lines are committed in batches, each recording its lines in the job; choose the job id yourself (header `Import-Job-Id: <uuid>`) to follow',
        '`GET /api/integration/v1/jobs/{id}` while uploading, and send the same body again with the same id (or `?resume=<id>`) to resume after a',
        'lost connection: the committed lines are skipped (all up to `last_committed_line`, and a batch after it that committed first: two batches',
        'are written at once; a line naming a record of an earlier line, such as a bundle its components, still sees it).',
        'Every record carries `version`: a stored record only changes for a higher',
        'one, so a replay or an older record is answered `unchanged` (decision 049).',
      ].join(' '),
      tags: [TAG],
      auth: 'bearer',
      querystring: ImportBulkQuerySchema,
      body: kind.schema as v.GenericSchema,
      bodyContentType: 'application/x-ndjson',
      bodyExample: BULK_BODY_EXAMPLES[kind.name],
      manualBodyValidation: true,
      responses: {
        200: { description: 'The whole body was read and committed: the job with its counts', schema: ImportJobSchema, example: doneJobExample(kind.name) },
        400: { description: `A line longer than ${MAX_LINE_CHARS} characters (${IMPORT_ERRORS.LINE_TOO_LONG}; the lines before it are committed), or a malformed job id` },
        ...refusedAnswers,
        404: { description: `A job id of another client (${IMPORT_ERRORS.JOB_NOT_FOUND})` },
        409: { description: `The job is another kind's, or is being sent by another request (${IMPORT_ERRORS.JOB_CONFLICT})` },
        415: { description: `The body is not application/x-ndjson (${IMPORT_ERRORS.NOT_NDJSON})` },
      },
      handler: async ({ request, caller, query }) => {
        requireScope(caller, kind.scope);
        if (!(request.body instanceof Readable)) throw new AppError(415, IMPORT_ERRORS.NOT_NDJSON, 'Send the records as application/x-ndjson, one per line');
        const job = await openJob(caller, jobIdOf(request, query.resume), kind);
        try {
          await runner.run(kind, caller, job, request.body);
        } catch (err) {
          const failed = await jobs.finish(job.id, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'the upload stopped');
          if (err instanceof LineTooLongError) throw new AppError(400, IMPORT_ERRORS.LINE_TOO_LONG, err.message, undefined, undefined, { job: toApiJob(failed) });
          if (err instanceof JobMovedError) throw new AppError(409, IMPORT_ERRORS.JOB_CONFLICT, 'Another request is sending this job', undefined, undefined, { job: toApiJob(failed) });
          throw err;
        }
        return toApiJob(await jobs.finish(job.id, 'done', null));
      },
    });
  }

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/jobs/:id',
    operationId: 'importJob',
    summary: "A bulk job's progress: status, counts accepted, unchanged and refused, last committed line",
    tags: [TAG],
    auth: 'bearer',
    params: ImportJobParamsSchema,
    responses: {
      200: { description: 'The job', schema: ImportJobSchema, example: RUNNING_JOB_EXAMPLE },
      ...refusedAnswers,
      404: { description: `No job with this id of this client (${IMPORT_ERRORS.JOB_NOT_FOUND})` },
    },
    handler: async ({ caller, params, reply }) => {
      requireIntegrationClient(caller);
      const job = await jobs.find(caller.clientId, params.id.toLowerCase());
      if (!job) throw new AppError(404, IMPORT_ERRORS.JOB_NOT_FOUND, `No job ${params.id} of this client`);
      reply.header('cache-control', 'no-store');
      return toApiJob(job);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/integration/v1/jobs/:id/refusals',
    operationId: 'importJobRefusals',
    summary: "A bulk job's refused lines in line order: line number, stable code, message (pages of `limit` after line `after`)",
    tags: [TAG],
    auth: 'bearer',
    params: ImportJobParamsSchema,
    querystring: ImportRefusalsQuerySchema,
    responses: {
      200: { description: 'A page of refused lines', schema: ImportRefusalListSchema, example: REFUSALS_EXAMPLE },
      400: { description: `A malformed \`after\` or \`limit\` (${API_ERRORS.VALIDATION_FAILED})` },
      ...refusedAnswers,
      404: { description: `No job with this id of this client (${IMPORT_ERRORS.JOB_NOT_FOUND})` },
    },
    handler: async ({ caller, params, query, reply }) => {
      requireIntegrationClient(caller);
      const job = await jobs.find(caller.clientId, params.id.toLowerCase());
      if (!job) throw new AppError(404, IMPORT_ERRORS.JOB_NOT_FOUND, `No job ${params.id} of this client`);
      reply.header('cache-control', 'no-store');
      return jobs.refusals(job.id, query.after, query.limit);
    },
  });

  const stock = deps.kinds.find((k) => k.name === 'stock');
  if (stock) {
    defineRoute(app, registry, {
      method: 'PUT',
      url: '/integration/v1/stock/:articleCode',
      operationId: 'updateStock',
      summary: "One product's stock: an absolute level with its version, or a delta with its id (scope stock:write)",
      description: 'Applied as a line of the stock bulk import: a level over an older version, or a delta once per `delta_id` instead (`{"delta": -3, "delta_id": "wms-88121"}`).',
      tags: [TAG],
      auth: 'bearer',
      params: ArticleCodeParamsSchema,
      body: StockUpdateBodySchema,
      bodyExample: STOCK_UPDATE_EXAMPLE,
      responses: {
        200: { description: '`applied`, or `unchanged` (an older version, a delta already applied)', schema: ImportSingleResultSchema, example: { result: 'applied' } },
        400: { description: `The body is not a stock record (${API_ERRORS.VALIDATION_FAILED})` },
        ...refusedAnswers,
        404: { description: `No product with this article code (${IMPORT_ERRORS.UNKNOWN_PRODUCT})` },
      },
      handler: async ({ caller, params, body }) => {
        requireScope(caller, stock.scope);
        const outcome = await deps.db.transaction(async (tx) => {
          const [result] = await stock.apply(tx, { clientId: caller.clientId, clientName: caller.clientName }, [{ lineNo: 1, value: { ...body, article_code: params.articleCode } }]);
          if (result && result.result === 'applied') await deps.audit(tx, caller, 'stock.update', 'product', params.articleCode, { ...body });
          return result!;
        });
        if (outcome.result === 'refused') throw new AppError(outcome.code === IMPORT_ERRORS.UNKNOWN_PRODUCT ? 404 : 422, outcome.code, outcome.message);
        return { result: outcome.result };
      },
    });
  }

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/integration/v1/products/:articleCode/images',
    operationId: 'putProductImage',
    summary: "A product picture at a position of its gallery (raw JPEG, PNG or WebP body; scope catalog:write)",
    description: `The body is the picture itself (\`Content-Type: image/jpeg\`, \`image/png\` or \`image/webp\`, at most ${IMAGE_BYTES / 1048576} MB), checked with sharp and stored once by its content hash; \`?position=0\` (the one lists show) to 99, \`alt_en\`, \`alt_nl\`, \`alt_fr\`: what it shows. Sending the same picture again changes nothing.`,
    tags: [TAG],
    auth: 'bearer',
    scope: 'catalog:write',
    params: ArticleCodeParamsSchema,
    querystring: ProductImageQuerySchema,
    bodyLimit: IMAGE_BYTES,
    responses: {
      200: { description: '`applied`, or `unchanged` (the same picture and alt text at that position)', schema: ImportSingleResultSchema, example: { result: 'applied' } },
      400: { description: `A malformed position or alt text (${API_ERRORS.VALIDATION_FAILED})` },
      ...refusedAnswers,
      404: { description: `No product with this article code (${IMPORT_ERRORS.UNKNOWN_PRODUCT})` },
      415: { description: 'Not a JPEG, PNG or WebP content type' },
      422: { description: `The body is not a picture sharp can read (${IMPORT_ERRORS.NOT_AN_IMAGE})` },
    },
    handler: async ({ request, caller, params, query }) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, IMPORT_ERRORS.NOT_AN_IMAGE, 'Send the picture as image/jpeg, image/png or image/webp');
      const bytes = request.body;
      const alt = { en: query.alt_en, nl: query.alt_nl, fr: query.alt_fr };
      const result = await deps.db.transaction(async (tx) => {
        const done = await deps.catalogue.productImage(tx, params.articleCode, bytes, query.position, alt);
        if (done === 'applied') await deps.audit(tx, caller, 'product.image', 'product', params.articleCode, { position: query.position, bytes: bytes.length });
        return done;
      });
      if (result === 'unknown_product') throw new AppError(404, IMPORT_ERRORS.UNKNOWN_PRODUCT, `No product with the article code ${params.articleCode}`);
      if (result === 'not_an_image') throw new AppError(422, IMPORT_ERRORS.NOT_AN_IMAGE, 'The body is not a JPEG, PNG or WebP picture');
      return { result };
    },
  });
}

// A bulk import's job and its refused lines (issue 29, decision 049): what a client follows with
// GET /api/integration/v1/jobs/{id}, and the supplier staff's list of recent jobs on the
// Integration page. Apart from ./imports so the account pages get them without the record schemas.
import * as v from 'valibot';
import { inputString } from './fields';

/** The record kinds a client sends in, and the path segment of their routes. */
export const IMPORT_KINDS = ['products', 'stock', 'prices', 'customers'] as const;
export type ImportKindName = (typeof IMPORT_KINDS)[number];

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;

/** A bulk job as its client follows it (GET /api/integration/v1/jobs/{id}). */
export const ImportJobSchema = v.object({
  id: v.string(),
  kind: v.picklist(IMPORT_KINDS),
  status: v.picklist(IMPORT_JOB_STATUSES),
  accepted: v.number(),
  unchanged: v.number(),
  refused: v.number(),
  /**
   * Every line up to this one is committed. A batch after it may be committed too (two batches are
   * written at once); a resumed upload skips every committed line.
   */
  last_committed_line: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
  finished_at: v.nullable(v.string()),
  /** Why a failed job stopped (the lines before `last_committed_line` stay applied). */
  error: v.nullable(v.string()),
});
export type ImportJob = v.InferOutput<typeof ImportJobSchema>;

export const ImportJobParamsSchema = v.object({ id: v.pipe(inputString(), v.uuid('a job id is a UUID')) });
/** `?resume=<job id>`: the same as the Import-Job-Id header. */
export const ImportBulkQuerySchema = v.object({ resume: v.optional(v.pipe(inputString(), v.uuid('a job id is a UUID'))) });
export const ImportRefusalsQuerySchema = v.object({
  /** Refusals after this line number (0: from the start). */
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'a line number'), v.transform(Number)), '0'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'a number up to 9999'), v.transform(Number), v.minValue(1), v.maxValue(1000)), '500'),
});

export const ImportRefusalSchema = v.object({ line: v.number(), code: v.string(), message: v.string() });
export const ImportRefusalListSchema = v.object({
  items: v.array(ImportRefusalSchema),
  /** Pass as `after` for the next page; null: no more. */
  next_after: v.nullable(v.number()),
});
export type ImportRefusalList = v.InferOutput<typeof ImportRefusalListSchema>;

/** A job on the staff page: the job with the name of the client that sent it. */
export const StaffImportJobSchema = v.object({ ...ImportJobSchema.entries, client_name: v.string() });
export type StaffImportJob = v.InferOutput<typeof StaffImportJobSchema>;
/** GET /api/v1/staff/integration/imports: the latest jobs of every client, newest first. */
export const StaffImportJobListSchema = v.object({ items: v.array(StaffImportJobSchema) });

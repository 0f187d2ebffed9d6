// The supplier's bulk imports (issue 29, decision 049). Owned by the imports module: the job a
// client follows and its refused lines. The records an import writes belong to their owners.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { integrationClients } from '../integration-clients/tables';

/** A set of line numbers as PostgreSQL writes an int4multirange (`{[1001,2001),[3001,4001)}`). */
const lineRanges = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange' });

/**
 * One bulk upload and its progress. A batch's lines are recorded in the same transaction as its
 * records, so after a crash the job says exactly which lines are in, and a resumed upload skips them:
 * `last_line`, every line up to it committed; `ahead_lines`, the batches committed beyond it before
 * the batch in front of them (two batches are in flight at once, decision 049 amended).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => integrationClients.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    accepted: integer('accepted').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    lastLine: integer('last_line').notNull().default(0),
    aheadLines: lineRanges('ahead_lines').notNull().default(sql`'{}'`),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('import_jobs_status_ck', sql`${t.status} in ('running', 'done', 'failed')`), index('import_jobs_client_idx').on(t.clientId, t.createdAt)],
);

/** A refused line of a job: its number, a stable code and what was wrong. */
export const importRefusals = pgTable(
  'import_refusals',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.lineNo] })],
);

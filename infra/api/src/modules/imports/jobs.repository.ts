// The bulk jobs and their refused lines (tables of the imports module, decision 049). A batch's
// records, its refusals, the job's counts and its last committed line are written in ONE
// transaction, so after a crash the job names exactly the lines that are in.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ImportJob, ImportKindName, ImportRefusalList, StaffImportJob } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { integrationClientScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { importJobs, importRefusals } from '../../db/schema/imports';
import { integrationClients } from '../../db/schema/integration';

export type JobRow = typeof importJobs.$inferSelect;

/** Another request moved the job's last line meanwhile (two uploads of one job at once). */
export class JobMovedError extends Error {
  override name = 'JobMovedError';
}

export interface BatchCounts {
  accepted: number;
  unchanged: number;
  refused: number;
}

export function toApiJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportKindName,
    status: row.status as ImportJob['status'],
    accepted: row.accepted,
    unchanged: row.unchanged,
    refused: row.refused,
    last_committed_line: row.lastLine,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

export function createJobsRepository(db: Db) {
  return {
    /** The client's job, or null (another client's job is as unknown as one that does not exist). */
    async find(clientId: string, id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(importJobs).where(and(eq(importJobs.id, id), eq(importJobs.clientId, clientId)));
      return row ?? null;
    },

    /**
     * The latest jobs the caller may see (common/scope's integrationClientScope: the staff all of
     * them), newest first, each with its client's name: the staff Integration page.
     */
    async recent(caller: Caller, limit: number): Promise<StaffImportJob[]> {
      const rows = await db
        .select({ job: importJobs, clientName: integrationClients.name })
        .from(importJobs)
        .innerJoin(integrationClients, eq(integrationClients.id, importJobs.clientId))
        .where(integrationClientScope(caller, importJobs.clientId))
        .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
        .limit(limit);
      return rows.map((r) => ({ ...toApiJob(r.job), client_name: r.clientName }));
    },

    /** The job if the caller may see it (the staff any), or null. */
    async visible(caller: Caller, id: string): Promise<JobRow | null> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.id, id), integrationClientScope(caller, importJobs.clientId)));
      return row ?? null;
    },

    /** Starts a job with this id, or takes up the client's existing one again (status running). */
    async open(clientId: string, id: string, kind: ImportKindName): Promise<JobRow | null> {
      await db.insert(importJobs).values({ id, kind, clientId }).onConflictDoNothing();
      const [row] = await db
        .update(importJobs)
        .set({ status: 'running', error: null, finishedAt: null, updatedAt: sql`now()` })
        .where(and(eq(importJobs.id, id), eq(importJobs.clientId, clientId), eq(importJobs.kind, kind)))
        .returning();
      return row ?? null;
    },

    /**
     * In the batch's transaction: its refusals, its counts, and `toLine` as the last committed line,
     * only if the job is still at `fromLine` (otherwise JobMovedError rolls the batch back).
     */
    async commitBatch(tx: Tx, id: string, fromLine: number, toLine: number, counts: BatchCounts, refusals: { lineNo: number; code: string; message: string }[]) {
      if (refusals.length) {
        const rows = refusals.map((r) => ({ line_no: r.lineNo, code: r.code, message: r.message.slice(0, 1000) }));
        await tx.execute(sql`insert into import_refusals (job_id, line_no, code, message)
                             select ${id}::uuid, line_no, code, message from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line_no int, code text, message text)
                             on conflict (job_id, line_no) do update set code = excluded.code, message = excluded.message`);
      }
      const moved = await tx
        .update(importJobs)
        .set({
          accepted: sql`${importJobs.accepted} + ${counts.accepted}`,
          unchanged: sql`${importJobs.unchanged} + ${counts.unchanged}`,
          refused: sql`${importJobs.refused} + ${counts.refused}`,
          lastLine: toLine,
          updatedAt: sql`now()`,
        })
        .where(and(eq(importJobs.id, id), eq(importJobs.lastLine, fromLine)))
        .returning({ id: importJobs.id });
      if (!moved.length) throw new JobMovedError(`job ${id} is no longer at line ${fromLine}`);
    },

    async finish(id: string, status: 'done' | 'failed', error: string | null): Promise<JobRow> {
      const [row] = await db.update(importJobs).set({ status, error, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(importJobs.id, id)).returning();
      return row!;
    },

    async refusals(id: string, after: number, limit: number): Promise<ImportRefusalList> {
      const rows = await db
        .select({ line: importRefusals.lineNo, code: importRefusals.code, message: importRefusals.message })
        .from(importRefusals)
        .where(and(eq(importRefusals.jobId, id), gt(importRefusals.lineNo, after)))
        .orderBy(asc(importRefusals.lineNo))
        .limit(limit + 1);
      const items = rows.slice(0, limit);
      return { items, next_after: rows.length > limit ? items[items.length - 1]!.line : null };
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;

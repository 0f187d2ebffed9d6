// The bulk jobs and their refused lines (tables of the imports module, decision 049). A batch's
// records, its refusals, the job's counts and the batch's lines as committed are written in ONE
// transaction, so after a crash the job names exactly the lines that are in.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ImportJob, ImportKindName, ImportRefusalList, StaffImportJob } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { integrationClientScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { importJobs, importRefusals } from './tables';
import { integrationClients } from './links';

export type JobRow = typeof importJobs.$inferSelect;

/** Another request committed some of a batch's lines meanwhile (two uploads of one job at once). */
export class JobMovedError extends Error {
  override name = 'JobMovedError';
}

export interface BatchCounts {
  accepted: number;
  unchanged: number;
  refused: number;
}

/** The ranges of an `ahead_lines` value, each `[from, to)`: PostgreSQL writes an int4multirange canonically so, in order. */
export const lineRanges = (aheadLines: string): (readonly [from: number, to: number])[] =>
  [...aheadLines.matchAll(/\[(\d+),(\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

/** The lines a job has committed: all up to `lastLine`, and the ranges of `aheadLines` beyond it. */
export function committedLines(row: Pick<JobRow, 'lastLine' | 'aheadLines'>): (lineNo: number) => boolean {
  const ranges = lineRanges(row.aheadLines);
  return (lineNo) => lineNo <= row.lastLine || ranges.some(([from, to]) => lineNo >= from && lineNo < to);
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
    /** The client's job, or null (another client's job is answered as one that does not exist). */
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
     * In the batch's transaction, as its last statement: its refusals, its counts, and its lines
     * (`fromLine`, `toLine`] added to the job's committed lines. Batches may commit out of line order
     * (two are in flight): `last_line` moves up to the end of the committed lines that follow each
     * other from line 1, and a batch committed beyond it is kept in `ahead_lines` until the gap before
     * it is filled. Lines some other request committed meanwhile (two uploads of one job at once)
     * throw JobMovedError, which rolls the batch back. The row's lock is held to the commit, so the
     * job's update comes last.
     */
    async commitBatch(tx: Tx, id: string, fromLine: number, toLine: number, counts: BatchCounts, refusals: { lineNo: number; code: string; message: string }[]) {
      if (refusals.length) {
        const rows = refusals.map((r) => ({ line_no: r.lineNo, code: r.code, message: r.message.slice(0, 1000) }));
        await tx.execute(sql`insert into import_refusals (job_id, line_no, code, message)
                             select ${id}::uuid, line_no, code, message from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line_no int, code text, message text)
                             on conflict (job_id, line_no) do update set code = excluded.code, message = excluded.message`);
      }
      // Line 0 stands for "nothing yet", so the first range of the union always starts at 0 and its
      // end is the first line not committed. The expressions read the row as locked by this update.
      const done = sql`(int4multirange(int4range(0, ${importJobs.lastLine}, '[]')) + ${importJobs.aheadLines})`;
      const batch = sql`int4range(${fromLine + 1}::int, ${toLine}::int, '[]')`;
      const union = sql`(${done} + int4multirange(${batch}))`;
      const first = sql`(select r from unnest(${union}) as r order by r limit 1)`;
      const moved = await tx
        .update(importJobs)
        .set({
          accepted: sql`${importJobs.accepted} + ${counts.accepted}`,
          unchanged: sql`${importJobs.unchanged} + ${counts.unchanged}`,
          refused: sql`${importJobs.refused} + ${counts.refused}`,
          lastLine: sql`upper(${first}) - 1`,
          aheadLines: sql`${union} - int4multirange(${first})`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(importJobs.id, id), sql`not (${done} && ${batch})`))
        .returning({ id: importJobs.id });
      if (!moved.length) throw new JobMovedError(`lines ${fromLine + 1} to ${toLine} of job ${id} are committed by another request`);
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

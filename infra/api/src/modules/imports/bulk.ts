// One bulk upload (decision 049): the NDJSON body is read line by line, each line checked with its
// kind's schema, and the lines applied in batches, each batch in one transaction together with its
// refusals and the job's last committed line. Lines up to the job's last committed line are skipped,
// so an upload sent again with the same job id (after a crash, a kill -9, a lost connection) resumes
// where the database says it stopped. A line refused never holds up the others.
import type { Readable } from 'node:stream';
import * as v from 'valibot';
import { IMPORT_ERRORS } from '@portal/shared/schemas';
import type { IntegrationCaller } from '../../caller';
import type { Db } from '../../db/client';
import type { RecordIntegrationWrite } from './audit-port';
import type { CheckedLine, ImportKind, LineOutcome } from './import-kind';
import { JobMovedError, type JobRow, type JobsRepository } from './jobs.repository';
import { LineTooLongError, numberedLines } from './ndjson';

/** Lines per transaction: large enough that a statement carries many rows, small enough to stay short. */
export const BATCH_LINES = 1_000;

interface Batch<T> {
  fromLine: number;
  toLine: number;
  checked: CheckedLine<T>[];
  refused: LineOutcome[];
}

type Log = { error(obj: object, msg?: string): void };

/** The first issue of a refused line, as `field: what is wrong`. */
function describe(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!;
  const path = v.getDotPath(issue);
  return `${path ?? 'record'}: ${issue.message}`.slice(0, 500);
}

/** A line checked: a record of the kind, or refused with its stable code. */
export function checkLine<T>(kind: ImportKind<T>, lineNo: number, text: string): CheckedLine<T> | LineOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { lineNo, result: 'refused', code: IMPORT_ERRORS.BAD_JSON, message: 'The line is not valid JSON' };
  }
  const parsed = v.safeParse(kind.schema, json);
  if (!parsed.success) return { lineNo, result: 'refused', code: IMPORT_ERRORS.INVALID_RECORD, message: describe(parsed.issues) };
  return { lineNo, value: parsed.output };
}

export function createBulkRunner(deps: { db: Db; jobs: JobsRepository; log: Log; audit: RecordIntegrationWrite; batchLines?: number }) {
  const batchLines = deps.batchLines ?? BATCH_LINES;

  async function commit<T>(kind: ImportKind<T>, caller: IntegrationCaller, jobId: string, batch: Batch<T>): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const applied = batch.checked.length ? await kind.apply(tx, { clientId: caller.clientId, clientName: caller.clientName }, batch.checked) : [];
      const outcomes = [...batch.refused, ...applied];
      const refusals = outcomes.filter((o): o is Extract<LineOutcome, { result: 'refused' }> => o.result === 'refused');
      const counts = {
        accepted: outcomes.filter((o) => o.result === 'applied').length,
        unchanged: outcomes.filter((o) => o.result === 'unchanged').length,
        refused: refusals.length,
      };
      await deps.jobs.commitBatch(tx, jobId, batch.fromLine, batch.toLine, counts, refusals);
      // One audit row per batch: which client wrote which lines of which job (issue 29).
      await deps.audit(tx, caller, `import.${kind.name}`, 'import_job', jobId, { from_line: batch.fromLine + 1, to_line: batch.toLine, ...counts });
    });
  }

  /**
   * Commits a batch; when its apply throws (a constraint the checks did not foresee), the batch is
   * committed line by line, and a line that still throws is refused on its own.
   */
  async function commitOrSplit<T>(kind: ImportKind<T>, caller: IntegrationCaller, jobId: string, batch: Batch<T>): Promise<void> {
    try {
      await commit(kind, caller, jobId, batch);
      return;
    } catch (err) {
      if (err instanceof JobMovedError || batch.checked.length === 0) throw err;
      deps.log.error({ err, jobId, fromLine: batch.fromLine + 1, toLine: batch.toLine }, 'import batch failed; applying its lines one by one');
    }
    let at = batch.fromLine;
    const refusedAt = new Map(batch.refused.map((r) => [r.lineNo, r]));
    const checkedAt = new Map(batch.checked.map((c) => [c.lineNo, c]));
    for (let line = batch.fromLine + 1; line <= batch.toLine; line++) {
      const one: Batch<T> = { fromLine: at, toLine: line, checked: checkedAt.has(line) ? [checkedAt.get(line)!] : [], refused: refusedAt.has(line) ? [refusedAt.get(line)!] : [] };
      try {
        await commit(kind, caller, jobId, one);
      } catch (err) {
        if (err instanceof JobMovedError) throw err;
        deps.log.error({ err, jobId, line }, 'import line failed');
        await commit(kind, caller, jobId, { fromLine: at, toLine: line, checked: [], refused: [{ lineNo: line, result: 'refused', code: IMPORT_ERRORS.INVALID_RECORD, message: 'The record could not be written' }] });
      }
      at = line;
    }
  }

  /**
   * Reads `body` into the job from its last committed line on; resolves when the body is read and
   * committed. The next batch is read and checked while the previous one commits (the API's parsing
   * and the database's writing overlap, on two cores), but at most one batch is in flight and the
   * batches commit strictly in line order, so the job's last committed line stays the resume point.
   */
  async function run<T>(kind: ImportKind<T>, caller: IntegrationCaller, job: JobRow, body: Readable): Promise<void> {
    const committed = job.lastLine;
    let batch: Batch<T> = { fromLine: committed, toLine: committed, checked: [], refused: [] };
    let inFlight: Promise<void> = Promise.resolve();
    // A failed commit is seen at the next hand-over; until then it must not count as unhandled.
    const send = (b: Batch<T>) => {
      const next = inFlight.then(() => commitOrSplit(kind, caller, job.id, b));
      next.catch(() => {});
      inFlight = next;
    };
    try {
      for await (const { lineNo, text } of numberedLines(body)) {
        if (lineNo <= committed) continue;
        batch.toLine = lineNo;
        // A blank line (a trailing newline, a separator) is no record: skipped, not refused.
        if (text.trim() !== '') {
          const line = checkLine(kind, lineNo, text);
          if ('value' in line) batch.checked.push(line);
          else batch.refused.push(line);
        }
        if (batch.checked.length + batch.refused.length >= batchLines) {
          // The batch before this one must be committed first (one in flight, in order).
          await inFlight;
          send(batch);
          batch = { fromLine: batch.toLine, toLine: batch.toLine, checked: [], refused: [] };
        }
      }
    } catch (err) {
      await inFlight;
      // A line too long ends the upload: what was read before it is committed, so the sender fixes
      // that line and resumes from it.
      if (err instanceof LineTooLongError && batch.toLine > batch.fromLine) await commitOrSplit(kind, caller, job.id, { ...batch, toLine: Math.min(batch.toLine, err.lineNo - 1) });
      throw err;
    }
    await inFlight;
    if (batch.toLine > batch.fromLine) await commitOrSplit(kind, caller, job.id, batch);
  }

  return { run };
}
export type BulkRunner = ReturnType<typeof createBulkRunner>;

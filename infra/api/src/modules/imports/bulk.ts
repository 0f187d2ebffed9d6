// One bulk upload (decision 049): the NDJSON body is read line by line, each line checked with its
// kind's schema, and the lines applied in batches, each batch in one transaction together with its
// refusals and its lines recorded as committed in the job. Lines the job has committed are skipped,
// so an upload sent again with the same job id (after a crash, a kill -9, a lost connection) resumes
// where the database says it stopped. A line refused never holds up the others.
import type { Readable } from 'node:stream';
import * as v from 'valibot';
import { IMPORT_ERRORS } from '@portal/shared/schemas';
import type { IntegrationCaller } from '../../caller';
import type { Db } from '../../db/client';
import { isDeadlock } from '../../db/pg-errors';
import { importLines } from '../../common/metrics';
import type { RecordIntegrationWrite } from './audit-port';
import type { CheckedLine, ImportKind, LineOutcome } from './import-kind';
import { committedLines, JobMovedError, type JobRow, type JobsRepository } from './jobs.repository';
import { LineTooLongError, numberedLines } from './ndjson';

/** Lines per transaction: large enough that a statement carries many rows, small enough to stay short. */
export const BATCH_LINES = 1_000;

/**
 * Batches committing at once, each on its own connection: the database writes one while it writes
 * the other (two cores here), and the API reads the next meanwhile (BENCHMARKS.md, issue 29).
 */
export const BATCHES_IN_FLIGHT = 2;

/** Tries of a batch that PostgreSQL ended as one side of a deadlock (two batches sharing rows). */
const DEADLOCK_TRIES = 3;

interface Batch<T> {
  fromLine: number;
  toLine: number;
  checked: CheckedLine<T>[];
  refused: LineOutcome[];
}

/** A batch sent to the database: `ended` once it committed or failed for good. */
interface Flight {
  done: Promise<void>;
  ended: boolean;
}

/**
 * Refusals that an earlier line of the same upload may answer: a record it names (a bundle's
 * component, a price's contract or product, a contract's customer) that an earlier batch, still in
 * flight, is writing. A batch refused so while an earlier one is open waits for it and is tried again.
 */
const NAMES_AN_EARLIER_LINE = new Set<string>([IMPORT_ERRORS.UNKNOWN_COMPONENT, IMPORT_ERRORS.UNKNOWN_PRODUCT, IMPORT_ERRORS.UNKNOWN_CONTRACT, IMPORT_ERRORS.UNKNOWN_CUSTOMER]);

/** Rolls a batch back: it named records that the batches before it, still open, may be writing. */
class EarlierBatchesOpen extends Error {
  override name = 'EarlierBatchesOpen';
}

type Log = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

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

export function createBulkRunner(deps: { db: Db; jobs: JobsRepository; log: Log; audit: RecordIntegrationWrite; batchLines?: number; inFlight?: number }) {
  const batchLines = deps.batchLines ?? BATCH_LINES;
  const maxInFlight = deps.inFlight ?? BATCHES_IN_FLIGHT;

  /**
   * One batch in one transaction. Two batches in flight may wait for each other's rows (the same
   * product twice, a new brand); when PostgreSQL ends one of them as a deadlock, it is tried again.
   */
  async function commit<T>(kind: ImportKind<T>, caller: IntegrationCaller, jobId: string, batch: Batch<T>, earlier: Flight[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await commitOnce(kind, caller, jobId, batch, earlier);
        return;
      } catch (err) {
        if (err instanceof EarlierBatchesOpen) {
          await Promise.all(earlier.map((f) => f.done));
          attempt--;
          continue;
        }
        if (!isDeadlock(err) || attempt >= DEADLOCK_TRIES) throw err;
        deps.log.warn({ jobId, fromLine: batch.fromLine + 1, toLine: batch.toLine, attempt }, 'import batch ended by a deadlock; trying it again');
      }
    }
  }

  async function commitOnce<T>(kind: ImportKind<T>, caller: IntegrationCaller, jobId: string, batch: Batch<T>, earlier: Flight[]): Promise<void> {
    const counts = await deps.db.transaction(async (tx) => {
      const applied = batch.checked.length ? await kind.apply(tx, { clientId: caller.clientId, clientName: caller.clientName }, batch.checked) : [];
      const outcomes = [...batch.refused, ...applied];
      const refusals = outcomes.filter((o): o is Extract<LineOutcome, { result: 'refused' }> => o.result === 'refused');
      if (earlier.some((f) => !f.ended) && refusals.some((r) => NAMES_AN_EARLIER_LINE.has(r.code))) throw new EarlierBatchesOpen();
      const counts = {
        accepted: outcomes.filter((o) => o.result === 'applied').length,
        unchanged: outcomes.filter((o) => o.result === 'unchanged').length,
        refused: refusals.length,
      };
      // One audit row per batch: which client wrote which lines of which job (issue 29).
      await deps.audit(tx, caller, `import.${kind.name}`, 'import_job', jobId, { from_line: batch.fromLine + 1, to_line: batch.toLine, ...counts });
      // Last: the job's row stays locked to the commit, and the other batch in flight waits for it.
      await deps.jobs.commitBatch(tx, jobId, batch.fromLine, batch.toLine, counts, refusals);
      return counts;
    });
    // Counted once committed (a batch tried again after a deadlock is counted once, decision 071).
    for (const [result, lines] of Object.entries(counts)) if (lines) importLines.inc({ kind: kind.name, result }, lines);
  }

  /**
   * Commits a batch; when its apply throws (a constraint the checks did not foresee), the batch is
   * committed line by line, and a line that still throws is refused on its own.
   */
  async function commitOrSplit<T>(kind: ImportKind<T>, caller: IntegrationCaller, jobId: string, batch: Batch<T>, earlier: Flight[] = []): Promise<void> {
    try {
      await commit(kind, caller, jobId, batch, earlier);
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
        await commit(kind, caller, jobId, one, earlier);
      } catch (err) {
        if (err instanceof JobMovedError) throw err;
        deps.log.error({ err, jobId, line }, 'import line failed');
        await commit(kind, caller, jobId, { fromLine: at, toLine: line, checked: [], refused: [{ lineNo: line, result: 'refused', code: IMPORT_ERRORS.INVALID_RECORD, message: 'The record could not be written' }] }, earlier);
      }
      at = line;
    }
  }

  /**
   * Reads `body` into the job, skipping the lines it has committed; resolves when the body is read
   * and committed. Up to `maxInFlight` batches commit at once, on their own connections, while the
   * next is read and checked; they may commit in any order, since each records its own lines (a
   * batch never spans lines committed before). The first failure stops the reading, and is thrown
   * once the batches in flight have ended.
   */
  async function run<T>(kind: ImportKind<T>, caller: IntegrationCaller, job: JobRow, body: Readable): Promise<void> {
    const committed = committedLines(job);
    const inFlight = new Set<Flight>();
    const failures: unknown[] = [];
    const send = (b: Batch<T>) => {
      const flight: Flight = { done: Promise.resolve(), ended: false };
      flight.done = commitOrSplit(kind, caller, job.id, b, [...inFlight])
        .catch((err: unknown) => void failures.push(err))
        .finally(() => {
          flight.ended = true;
          inFlight.delete(flight);
        });
      inFlight.add(flight);
    };
    const allDone = () => Promise.all([...inFlight].map((f) => f.done));
    /** Sends a batch once fewer than `maxInFlight` are in flight; false when one has failed. */
    const hand = async (b: Batch<T>): Promise<boolean> => {
      while (inFlight.size >= maxInFlight && !failures.length) await Promise.race([...inFlight].map((f) => f.done));
      if (failures.length) return false;
      send(b);
      return true;
    };
    let batch: Batch<T> = { fromLine: 0, toLine: 0, checked: [], refused: [] };
    try {
      for await (const { lineNo, text } of numberedLines(body)) {
        if (committed(lineNo)) {
          // A batch covers consecutive lines none of which is committed: what was gathered before
          // this line goes now, and the next batch starts after it.
          if (batch.toLine > batch.fromLine && !(await hand(batch))) break;
          batch = { fromLine: lineNo, toLine: lineNo, checked: [], refused: [] };
          continue;
        }
        batch.toLine = lineNo;
        // A blank line (a trailing newline, a separator) is no record: skipped, not refused.
        if (text.trim() !== '') {
          const line = checkLine(kind, lineNo, text);
          if ('value' in line) batch.checked.push(line);
          else batch.refused.push(line);
        }
        if (batch.checked.length + batch.refused.length >= batchLines) {
          if (!(await hand(batch))) break;
          batch = { fromLine: batch.toLine, toLine: batch.toLine, checked: [], refused: [] };
        }
      }
    } catch (err) {
      await allDone();
      // A line too long ends the upload: what was read before it is committed, so the sender fixes
      // that line and resumes from it.
      if (err instanceof LineTooLongError && !failures.length && batch.toLine > batch.fromLine) {
        await commitOrSplit(kind, caller, job.id, { ...batch, toLine: Math.min(batch.toLine, err.lineNo - 1) });
      }
      throw err;
    }
    if (batch.toLine > batch.fromLine) await hand(batch);
    await allDone();
    if (failures.length) throw failures[0];
  }

  return { run };
}
export type BulkRunner = ReturnType<typeof createBulkRunner>;

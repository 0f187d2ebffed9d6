// The PostgreSQL server a point-in-time restore starts on its new data directory, driven by its own
// pg_ctl (decision 085): start, ask whether it is still recovering, stop. Every wait is for a state the
// server reports (pg_ctl -w, pg_is_in_recovery()), with the server's exit as the failure.
import { readFile } from 'node:fs/promises';
import { OpsError } from './errors';
import { psqlRows, runTool, type PostgresTools } from './postgres-tools';

/** The last lines of the server's log, for a message that says why. */
export async function logTail(logFile: string, lines = 12): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '(no log)');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Whether a postmaster runs on `dataDir` (pg_ctl status: 0 running, 3 not, 4 no data directory). */
export async function serverRunning(tools: PostgresTools, dataDir: string): Promise<boolean> {
  return runTool(tools, 'pg_ctl', ['status', '-D', dataDir]).then(
    () => true,
    () => false,
  );
}

/**
 * Starts the server; resolves once it accepts connections (pg_ctl -w: during a recovery, when the
 * copy is consistent and read-only queries may run). The timeout is pg_ctl's last resort; pg_ctl
 * itself gives up as soon as the server exits.
 */
export async function startServer(tools: PostgresTools, dataDir: string, logFile: string): Promise<void> {
  await runTool(tools, 'pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '3600']);
}

/** Stops the server: `fast` for a good stop, `immediate` when a failed restore is being removed. */
export async function stopServer(tools: PostgresTools, dataDir: string, mode: 'fast' | 'immediate'): Promise<void> {
  if (await serverRunning(tools, dataDir)) await runTool(tools, 'pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '600']);
}

/** The words PostgreSQL logs when the archive ends before the target time (no commit after it was archived yet). */
const TARGET_NOT_REACHED = /recovery ended before configured recovery target was reached/;

/** An OpsError saying why recovery failed, from the server's log. */
export async function recoveryFailure(logFile: string, target: string): Promise<OpsError> {
  const tail = await logTail(logFile);
  const why = TARGET_NOT_REACHED.test(tail)
    ? `the WAL archive ends before ${target}: the segment holding that time is not archived yet (wait for archive_timeout, or run select pg_switch_wal() on the server), or choose an earlier time`
    : 'PostgreSQL stopped during recovery';
  return new OpsError('OPS_RESTORE_RECOVERY_FAILED', `${why}; the new data directory was removed, nothing was restored. The server said:\n${tail}`);
}

/**
 * Waits until the server has left recovery (promoted at the target: `pg_is_in_recovery()` is false),
 * asking it between short pauses; refuses with the log when the server exits instead.
 */
export async function waitForRecoveryEnd(tools: PostgresTools, url: string, dataDir: string, logFile: string, target: string): Promise<void> {
  for (;;) {
    const [row] = await psqlRows(tools, url, 'select pg_is_in_recovery()').catch(() => [undefined]);
    if (row?.[0] === 'f') return;
    if (!(await serverRunning(tools, dataDir))) throw await recoveryFailure(logFile, target);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// What a request costs, measured without depending on the machine's load: the API process's CPU
// time (process.cpuUsage), the statements it sent to PostgreSQL (every pg client query: BEGIN and
// COMMIT count, they are round trips too), and the CPU time of the PostgreSQL backends serving the
// bench's database (their /proc stat, when the server runs on this machine). TRACE_SQL=1 in the
// bench's environment also prints every statement (the server process inherits it). Orders per second on
// a shared machine say how busy the machine was; these say what one order needs.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

export interface ProcessCost {
  /** User + system CPU of the API process, in milliseconds. */
  cpuMs: number;
  /** Statements sent to PostgreSQL so far (0 on PGlite: not counted there). */
  statements: number;
  /** The process's monotonic clock in microseconds (the clock of a V8 CPU profile's timestamps: to cut a window out of it). */
  monotonicUs: number;
}

/** Server side: counts pg statements and answers GET /cost on the bare app (never on the API). */
export async function installCostProbe(bare: FastifyInstance): Promise<void> {
  let statements = 0;
  const pg = (await import('pg')).default;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
    statements++;
    // TRACE_SQL=1: every statement with its values on stderr, one JSON line each (to replay or EXPLAIN them).
    if (process.env.TRACE_SQL) {
      const [config, values] = args as [{ text?: string; values?: unknown[] } | string, unknown[] | undefined];
      const line = typeof config === 'string' ? { text: config, values } : { text: config?.text, values: config?.values ?? values };
      process.stderr.write(`SQL ${JSON.stringify(line)}\n`);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  bare.get('/cost', async (): Promise<ProcessCost> => {
    const { user, system } = process.cpuUsage();
    return { cpuMs: (user + system) / 1000, statements, monotonicUs: Number(process.hrtime.bigint() / 1000n) };
  });
}

/** Bench side: the API process's cost so far. */
export async function readCost(bare: string): Promise<ProcessCost> {
  return (await (await fetch(`${bare}/cost`)).json()) as ProcessCost;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds used so far by the PostgreSQL backends connected to database `name`, or null
 * without DATABASE_URL or when their /proc entries cannot be read (a server on another machine).
 * A backend that exits between two readings takes its time with it: the pool keeps its
 * connections open while the bench runs.
 */
export async function postgresCpuMs(url: string | undefined): Promise<number | null> {
  if (!url) return null;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    let ticks = 0;
    for (const { pid } of rows) {
      // Fields 14 and 15 (utime, stime) after the command name in parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

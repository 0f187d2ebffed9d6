// Counts the statements the API sends to PostgreSQL, at the pg client (BEGIN and COMMIT included),
// as the orders bench's probe does: the statement tests (`*.postgres.test.ts`) fail when a change
// turns part of a hot path into a statement of its own. PGlite has no pg client: PostgreSQL only.
import pg from 'pg';

export interface StatementCounter {
  /** Runs `run` and answers the statements sent while it ran. */
  during<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  /** Puts the pg client back as it was. */
  restore(): void;
}

export function countStatements(): StatementCounter {
  const original = pg.Client.prototype.query;
  let statements: string[] | null = null;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    if (statements) {
      const [config] = args as [{ text?: string } | string];
      statements.push(typeof config === 'string' ? config : (config?.text ?? ''));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    async during(run) {
      const sent: string[] = [];
      statements = sent;
      try {
        return { result: await run(), statements: sent };
      } finally {
        statements = null;
      }
    },
    restore() {
      pg.Client.prototype.query = original;
    },
  };
}

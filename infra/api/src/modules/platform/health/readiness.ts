// The readiness decision, apart from the routes so that it can be tested without a server.
import type { Database } from '../../../db/client';

/** What readiness needs of a Redis client (ioredis's `ping`). */
export interface Pingable {
  ping(): Promise<unknown>;
}

export type Readiness =
  | { ready: true; redis: 'ok' | 'not configured' }
  | { ready: false; reason: 'closing' | 'database' | 'redis'; detail: string };

/** Rejects when `work` takes longer than `ms`: a hung dependency must make the probe fail, not hang. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(input: {
  closing: boolean;
  database: Pick<Database, 'ping'>;
  redis: Pingable | undefined;
  timeoutMs: number;
}): Promise<Readiness> {
  if (input.closing) return { ready: false, reason: 'closing', detail: 'The service is shutting down' };
  // Both probes at once: a slow database and a slow Redis cost one timeout, not two.
  const [db, redis] = await Promise.allSettled([
    within(input.timeoutMs, 'database ping', input.database.ping()),
    input.redis ? within(input.timeoutMs, 'redis ping', input.redis.ping()) : Promise.resolve('not configured'),
  ]);
  if (db.status === 'rejected') return { ready: false, reason: 'database', detail: 'The database is not reachable' };
  if (redis.status === 'rejected') return { ready: false, reason: 'redis', detail: 'Redis is not reachable' };
  return { ready: true, redis: input.redis ? 'ok' : 'not configured' };
}

// The Redis client of the shared stores (decision 023): rate limits, sign-in throttling, failure
// delays and decoy codes live here when REDIS_URL is set, so that every instance counts the same.
// The client never takes the process down: while Redis is away it reconnects in the background and
// each command fails fast, which the callers turn into a refusal (fail closed, 503 NOT_READY).
import { Redis } from 'ioredis';

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** How long one command may wait for Redis (connecting included) before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/** Thrown by the shared stores when Redis cannot answer: the request is refused, never let through. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * A client for `url`, or undefined without one (the in-memory stores of one instance). It connects
 * at once; commands issued before it is ready wait in its queue (bounded by the timeouts below).
 */
export function openRedis(url: string | undefined, log?: Log): Redis | undefined {
  if (!url) return undefined;
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command fails after one reconnection attempt instead of queueing for ever while Redis is away.
    maxRetriesPerRequest: 1,
    // Reconnect for ever, backing off to one attempt every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    // ioredis repeats the error at every reconnection attempt: log the first one of an outage only.
    if (!down) log?.error({ err: { message: err.message } }, 'redis unavailable');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log?.info({}, 'redis available again');
    down = false;
  });
  return redis;
}

/** Waits (bounded) until the client is connected, so that the first requests do not race the connection. */
export async function redisReady(redis: Redis, timeoutMs = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}

/** Closes the client: pending replies first (QUIT), at once when it is not connected. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

const UNAVAILABLE = /^(Connection is closed|Command timed out|Stream isn't writeable|Redis connection is not ready|connect ECONNREFUSED|connect ETIMEDOUT)/;

/** True for the errors a command gives while Redis cannot be reached (not for a bad command). */
export function isStoreUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  return err.name === 'MaxRetriesPerRequestError' || UNAVAILABLE.test(err.message);
}

/** Runs a store command; a Redis outage becomes a StoreUnavailableError. */
export async function storeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isStoreUnavailable(err)) throw new StoreUnavailableError('The shared store (Redis) is not available', { cause: err });
    throw err;
  }
}

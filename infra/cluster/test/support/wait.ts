// Waiting for states, never for a fixed time: poll a condition until it holds; the test's own
// timeout bounds the wait, and the last value seen is in the message when it gives up.
export interface WaitOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** Says why waiting longer is pointless (e.g. a process that had to stay up died); checked every round. */
  abort?: () => string | undefined;
}

export async function waitUntil<T>(probe: () => Promise<T>, holds: (value: T) => boolean, what: string, opts: WaitOptions | number = {}): Promise<T> {
  const { timeoutMs = 100_000, everyMs = 200, abort } = typeof opts === 'number' ? { timeoutMs: opts } : opts;
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < until) {
    const reason = abort?.();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    try {
      last = await probe();
      if (holds(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)}${lastError ? `, last error: ${String(lastError)}` : ''}`);
}

/** An abort check: the processes must all still run. */
export function processesAlive(pids: () => number[]): () => string | undefined {
  return () => {
    for (const pid of pids()) {
      try {
        process.kill(pid, 0);
      } catch {
        return `process ${pid} has exited`;
      }
    }
    return undefined;
  };
}

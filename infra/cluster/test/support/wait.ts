// Waiting for states, never for a fixed time: poll a condition until it holds; the test's own
// timeout bounds the wait, and the last value seen is in the message when it gives up.
export async function waitUntil<T>(probe: () => Promise<T>, holds: (value: T) => boolean, what: string, timeoutMs = 100_000, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < until) {
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

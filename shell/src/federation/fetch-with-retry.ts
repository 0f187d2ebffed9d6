// Transient failures (a dropped connection, a gateway restarting) should not show the "unavailable"
// panel: retry them a few times first. Only network errors and these statuses are transient.
const TRANSIENT = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Options for fetchWithRetry. */
export interface RetryOptions {
  /** Retries after the first attempt. */
  retries?: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `fetch` that retries network errors and transient statuses with exponential backoff. */
export async function fetchWithRetry(
  input: string,
  init: RequestInit = {},
  { retries = 2, baseDelayMs = 300 }: RetryOptions = {},
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(input, init);
      if (!TRANSIENT.has(response.status) || attempt >= retries) return response;
    } catch (error) {
      if (attempt >= retries || init.signal?.aborted) throw error;
    }
    await sleep(baseDelayMs * 2 ** attempt);
  }
}

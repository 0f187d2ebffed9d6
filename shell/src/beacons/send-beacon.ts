/** Where the shell's reports go (infra/api, modules/platform/beacons). */
export const BEACONS_URL = '/api/v1/beacons';

/**
 * Sends a batch in a way that survives the page being left: `navigator.sendBeacon`, or where it is
 * missing or refuses (its queue is full), a keepalive fetch. Never throws, never retries: a report
 * that cannot be sent is lost, not the page's problem.
 */
export function sendBeacon(body: string): void {
  try {
    if (navigator.sendBeacon?.(BEACONS_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses the Blob's type: fall through to fetch.
  }
  void fetch(BEACONS_URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
}

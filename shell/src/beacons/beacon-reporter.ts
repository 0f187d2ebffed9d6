import { BEACON_LIMITS } from '@portal/shared/schemas/beacon-labels';
import type { BeaconEvent } from '@portal/shared/schemas/platform';

/** How the page reports (decision 072). */
export interface BeaconReporterOptions {
  /** Sends one batch's JSON body; must not throw (the page is going away when it is called last). */
  send: (body: string) => void;
  /** Whether the page is hidden now: an event reported then is sent at once, as nothing may follow. */
  isHidden: () => boolean;
  /** Longest an event waits in the queue before its batch is sent. */
  flushMs?: number;
  /** Events one page view reports at most: an error in a render loop must not become a flood. */
  maxPerPage?: number;
}

/** Default wait before a batch is sent. */
export const FLUSH_MS = 10_000;
/** Default bound on one page view's events. */
export const MAX_EVENTS_PER_PAGE = 100;

/**
 * Batches the page's reports (the vitals only come from a sampled page view, page-beacons.ts): sent
 * when the oldest waited `flushMs`, when a batch is full, and (the page calls `flush`) when it is hidden.
 * Events carry labels only (remote, build, release group): the caller builds them, nothing is added here.
 */
export function createBeaconReporter({ send, isHidden, flushMs = FLUSH_MS, maxPerPage = MAX_EVENTS_PER_PAGE }: BeaconReporterOptions) {
  let queue: BeaconEvent[] = [];
  let reported = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!queue.length) return;
    const events = queue;
    queue = [];
    send(JSON.stringify({ events }));
  };

  return {
    report(event: BeaconEvent): void {
      if (reported >= maxPerPage) return;
      reported++;
      queue.push(event);
      if (queue.length >= BEACON_LIMITS.events || isHidden()) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    /** Sends what is queued now (the page is being hidden or left). */
    flush,
  };
}

export type BeaconReporter = ReturnType<typeof createBeaconReporter>;

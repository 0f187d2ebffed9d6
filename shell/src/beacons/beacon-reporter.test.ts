import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_LIMITS } from '@portal/shared/schemas/beacon-labels';
import type { BeaconEvent } from '@portal/shared/schemas/platform';
import { createBeaconReporter, FLUSH_MS } from './beacon-reporter';

const failure: BeaconEvent = { kind: 'remote-load-failure', remote: 'catalog', version: '0.1.0-3f2a9c01be', release: 'canary' };
const lcp: BeaconEvent = { kind: 'vital', name: 'LCP', value: 1800, remote: 'catalog', version: '0.1.0-3f2a9c01be', release: 'stable' };

let sent: { events: BeaconEvent[] }[];
let hidden: boolean;
const reporter = (options: { maxPerPage?: number } = {}) =>
  createBeaconReporter({ send: (body) => sent.push(JSON.parse(body)), isHidden: () => hidden, ...(options.maxPerPage ? { maxPerPage: options.maxPerPage } : {}) });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  hidden = false;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('beacon reporter', () => {
  it('batches events for 10 s and sends them in one request', () => {
    const r = reporter();
    r.report(failure);
    r.report({ ...failure, kind: 'boundary-error' });
    vi.advanceTimersByTime(FLUSH_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ events: [failure, { ...failure, kind: 'boundary-error' }] }]);
    // Nothing queued: no timer, no empty request.
    vi.advanceTimersByTime(FLUSH_MS * 3);
    expect(sent).toHaveLength(1);
  });

  it('sends a full batch at once, and what is queued when the page is hidden', () => {
    const r = reporter();
    for (let i = 0; i < BEACON_LIMITS.events; i++) r.report(failure);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(BEACON_LIMITS.events);
    r.report(failure);
    r.flush();
    expect(sent).toHaveLength(2);
    r.flush();
    expect(sent).toHaveLength(2);
    // A vital web-vitals gives while the page is being hidden goes out with no wait.
    hidden = true;
    r.report(lcp);
    expect(sent[2]).toEqual({ events: [lcp] });
  });

  it('stops after its per-page bound, so a render loop cannot flood', () => {
    const r = reporter({ maxPerPage: 3 });
    for (let i = 0; i < 10; i++) r.report(failure);
    r.flush();
    expect(sent).toEqual([{ events: [failure, failure, failure] }]);
  });
});

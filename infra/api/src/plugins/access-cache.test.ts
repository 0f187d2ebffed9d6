// The access cache's rules (decision 091), on notifications and notices handed to it and a clock of
// the test's: what is kept, what drops it, and the time-to-live that bounds an entry when no
// notification comes (a listening connection that died without a word).
import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller';
import type { Database } from '../db/client';
import { ACCESS_NOTICE, createAccessCache } from './access-cache';
import type { AccessState } from './access-state';

const TTL = 5000;
const admin: Caller = { kind: 'customer', userId: 'u1', organisationId: 'o1', role: 'admin' } as Caller;

async function setup(answer: () => AccessState = () => ({ active: true, role: 'admin' })) {
  let clock = 0;
  let loads = 0;
  let notify: (payload: string) => void = () => undefined;
  let state: (up: boolean) => void = () => undefined;
  let notice: (message: string) => void = () => undefined;
  const database = {
    listen: async (_channel: string, onNotify: (payload: string) => void, onState: (up: boolean) => void) => {
      notify = onNotify;
      state = onState;
      onState(true);
      return async () => undefined;
    },
    onNotice: (listener: (message: string) => void) => void (notice = listener),
    db: undefined as never,
  } satisfies Pick<Database, 'listen' | 'onNotice' | 'db'>;
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const cache = await createAccessCache(
    database,
    async () => {
      loads++;
      if (gate) await gate;
      return answer();
    },
    { ttlMs: TTL, now: () => clock },
  );
  return {
    check: () => cache.check(admin, true),
    loads: () => loads,
    advance: (ms: number) => void (clock += ms),
    notify: (payload = '') => notify(payload),
    state: (up: boolean) => state(up),
    notice: (message = ACCESS_NOTICE) => notice(message),
    hold: () => void (gate = new Promise((r) => (release = () => ((gate = undefined), r())))),
    release: () => release?.(),
  };
}

describe('access cache', () => {
  it('answers a known caller from the entry, until a change is announced', async () => {
    const c = await setup();
    await c.check();
    await c.check();
    expect(c.loads()).toBe(1);
    c.notify();
    await c.check();
    expect(c.loads()).toBe(2);
  });

  it('ignores fences (its own or another instance’s): they announce no change', async () => {
    const c = await setup();
    await c.check();
    c.notify('fence:someone-else');
    await c.check();
    expect(c.loads()).toBe(1);
  });

  it('drops an entry at its time-to-live when no notification comes (a connection lost without a word)', async () => {
    const c = await setup();
    await c.check();
    c.advance(TTL - 1);
    await c.check();
    expect(c.loads()).toBe(1);
    c.advance(1);
    await c.check();
    expect(c.loads()).toBe(2);
  });

  it('reads the database while not listening, and starts empty when back', async () => {
    const c = await setup();
    await c.check();
    c.state(false);
    await c.check();
    await c.check();
    expect(c.loads()).toBe(3);
    c.state(true);
    await c.check();
    await c.check();
    expect(c.loads()).toBe(4);
  });

  it('reads the database for one TTL after this instance wrote a change (its notice), notifications or not', async () => {
    const c = await setup();
    await c.check();
    c.notice();
    await c.check();
    c.notify();
    await c.check();
    expect(c.loads()).toBe(3);
    c.advance(TTL);
    await c.check();
    await c.check();
    expect(c.loads()).toBe(4);
    c.notice('another trigger’s notice');
    await c.check();
    expect(c.loads()).toBe(4);
  });

  it('does not keep an answer read while a change arrived', async () => {
    const c = await setup();
    c.hold();
    const pending = c.check();
    c.notify();
    c.release();
    await pending;
    await c.check();
    expect(c.loads()).toBe(2);
  });

  it('keeps no refusal', async () => {
    const c = await setup(() => ({ active: false }));
    await c.check();
    await c.check();
    expect(c.loads()).toBe(2);
  });
});

describe('access cache, concurrent misses', () => {
  it('shares one read among the callers that miss together, and none across a change', async () => {
    const c = await setup();
    c.hold();
    const first = [c.check(), c.check(), c.check()];
    c.notify();
    const after = c.check();
    c.release();
    await Promise.all([...first, after]);
    expect(c.loads()).toBe(2);
  });
});

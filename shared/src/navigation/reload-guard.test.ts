import { describe, expect, it } from 'vitest';
import { guardedReload, RELOAD_GUARD_MS } from './reload-guard';

function memory() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('the reload guard', () => {
  it('is 10000 ms (spec section 9)', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('refuses a second reload of the same path within 10 s, and allows it again after', () => {
    const storage = memory();
    let reloads = 0;
    const reload = () => (reloads += 1);
    expect(guardedReload('/nl/my-orders', { storage, now: 1_000, reload })).toBe(true);
    expect(guardedReload('/nl/my-orders', { storage, now: 1_000 + 9_999, reload })).toBe(false);
    expect(reloads).toBe(1);
    expect(guardedReload('/nl/my-orders', { storage, now: 1_000 + 10_000, reload })).toBe(true);
    expect(reloads).toBe(2);
  });

  it('does not guard a different path', () => {
    const storage = memory();
    let reloads = 0;
    guardedReload('/nl/my-orders', { storage, now: 0, reload: () => (reloads += 1) });
    expect(guardedReload('/nl/quotations', { storage, now: 10, reload: () => (reloads += 1) })).toBe(true);
    expect(reloads).toBe(2);
  });

  it('treats a garbled record as none', () => {
    const storage = memory();
    storage.setItem('portal:last-reload', '{not json');
    expect(guardedReload('/en', { storage, now: 0, reload: () => undefined })).toBe(true);
  });
});

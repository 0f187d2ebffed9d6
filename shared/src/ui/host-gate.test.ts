import { afterEach, describe, expect, it, vi } from 'vitest';
import { areHostsMounted, areHostsWanted, hostMounted, hostsFailedToLoad, onHostsWanted, whenHostsReady } from './host-gate';

// The gate is page-wide state; each test leaves it unmounted and re-armed.
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  if (areHostsWanted()) hostsFailedToLoad(new Error('reset'));
});

describe('the host gate', () => {
  it('asks for the hosts once, and resolves when one is mounted', async () => {
    const wanted = vi.fn();
    const stop = onHostsWanted(wanted);
    const first = whenHostsReady();
    const second = whenHostsReady();
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(areHostsWanted()).toBe(true);
    const settled = vi.fn();
    void first.then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    unmount = hostMounted();
    expect(areHostsMounted()).toBe(true);
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    stop();
  });

  it('waits again after the last host unmounts', async () => {
    const stopHost = hostMounted();
    await expect(whenHostsReady()).resolves.toBeUndefined();
    stopHost();
    expect(areHostsMounted()).toBe(false);
    const settled = vi.fn();
    void whenHostsReady().then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    unmount = hostMounted();
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('fails the waiting callers when the hosts cannot load, and asks again on the next call', async () => {
    const wanted = vi.fn();
    const stop = onHostsWanted(wanted);
    const waiting = whenHostsReady();
    hostsFailedToLoad(new Error('offline'));
    await expect(waiting).rejects.toThrow('offline');
    expect(areHostsWanted()).toBe(false);
    void whenHostsReady();
    expect(wanted).toHaveBeenCalledTimes(2);
    stop();
  });
});

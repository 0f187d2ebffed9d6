import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { bus, BUS_GLOBAL_KEY } from './bus';
import { createEventBus } from './event-bus';
import type { PortalEvents } from './events';

describe('createEventBus', () => {
  it('delivers the payload to every listener in subscription order', () => {
    const b = createEventBus<PortalEvents>();
    const seen: string[] = [];
    b.on('cart:item-added', (p) => seen.push(`a:${p.productId}x${p.quantity}`));
    b.on('cart:item-added', (p) => seen.push(`b:${p.productId}x${p.quantity}`));
    b.emit('cart:item-added', { productId: 'p1', quantity: 2 });
    expect(seen).toEqual(['a:p1x2', 'b:p1x2']);
  });

  it('delivers payload-less events', () => {
    const b = createEventBus<PortalEvents>();
    const handler = vi.fn();
    b.on('session:signed-out', handler);
    b.emit('session:signed-out');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('stops delivering after unsubscribe, and only for that subscription', () => {
    const b = createEventBus<PortalEvents>();
    const first = vi.fn();
    const second = vi.fn();
    const off = b.on('locale:changed', first);
    b.on('locale:changed', second);
    off();
    off(); // idempotent
    b.emit('locale:changed', { locale: 'nl' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ locale: 'nl' });
    expect(b.listenerCount('locale:changed')).toBe(1);
  });

  it('once() fires a single time', () => {
    const b = createEventBus<PortalEvents>();
    const handler = vi.fn();
    b.once('app:version-available', handler);
    b.emit('app:version-available');
    b.emit('app:version-available');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(b.listenerCount('app:version-available')).toBe(0);
  });

  it('keeps delivering when a handler throws, and reports the error', () => {
    const reported: unknown[] = [];
    const b = createEventBus<PortalEvents>((error) => reported.push(error));
    const after = vi.fn();
    b.on('api:unauthorized', () => {
      throw new Error('boom');
    });
    b.on('api:unauthorized', after);
    expect(() => b.emit('api:unauthorized', { url: '/orders' })).not.toThrow();
    expect(after).toHaveBeenCalledWith({ url: '/orders' });
    expect(reported).toHaveLength(1);
    expect((reported[0] as Error).message).toBe('boom');
  });

  it('logs a throwing handler by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const b = createEventBus<PortalEvents>();
    b.on('session:expiring', () => {
      throw new Error('bad');
    });
    b.emit('session:expiring', { minutesLeft: 2 });
    expect(spy).toHaveBeenCalledWith('[bus] a handler of "session:expiring" threw', expect.any(Error));
    spy.mockRestore();
  });

  it('lets a handler unsubscribe itself during delivery without skipping others', () => {
    const b = createEventBus<PortalEvents>();
    const later = vi.fn();
    const off = b.on('session:signed-in', () => off());
    b.on('session:signed-in', later);
    b.emit('session:signed-in');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('rejects unknown events and wrong payloads at compile time', () => {
    const b = createEventBus<PortalEvents>(() => {});
    // Each line below is a type error; tsc fails if any of them stops being one.
    // @ts-expect-error unknown event name
    b.emit('cart:exploded', {});
    // @ts-expect-error wrong payload shape
    b.emit('cart:item-added', { productId: 'p1' });
    // @ts-expect-error wrong payload type
    b.emit('session:expiring', { minutesLeft: 'two' });
    // @ts-expect-error payload-less event given a payload
    b.emit('session:signed-out', { reason: 'x' });
    // @ts-expect-error payload missing
    b.emit('locale:changed');
    // @ts-expect-error locale outside the declared ones
    b.emit('locale:changed', { locale: 'de' });
    // @ts-expect-error listening to an unknown event
    b.on('cart:vanished', () => {});
    // @ts-expect-error handler expects a payload the event does not have
    b.on('api:unauthorized', (p: { status: number }) => p.status);
    b.on('cart:item-added', (p) => {
      expectTypeOf(p).toEqualTypeOf<{ productId: string; quantity: number }>();
    });
    expect(b.listenerCount('cart:item-added')).toBe(1);
  });
});

describe('bus (shared instance)', () => {
  it('lives on globalThis under a Symbol.for key, so every bundle sees the same bus', () => {
    const stored = (globalThis as Record<symbol, unknown>)[Symbol.for(BUS_GLOBAL_KEY)];
    expect(stored).toBe(bus);
  });

  it('is reused by a second copy of the module (a separately built bundle)', async () => {
    vi.resetModules();
    const again = await import('./bus');
    expect(again.bus).toBe(bus);
  });
});

import type { PointerEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, SWIPE_VELOCITY, swipeDismisses, swipeHandlers } from './swipe';

describe('swipe to dismiss', () => {
  it('has the library defaults of the spec', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(20);
    expect(SWIPE_VELOCITY).toBe(0.11);
  });

  it.each([
    [20, 1000, true],
    [-25, 1000, true],
    [19, 1000, false],
    [12, 100, true],
    [11, 100, false],
    [0, 1, false],
  ])('a swipe of %i px in %i ms dismisses: %s', (dx, ms, expected) => {
    expect(swipeDismisses(dx, ms)).toBe(expected);
  });
});

describe('swipeHandlers', () => {
  function fakeEvent(clientX: number, target: Partial<HTMLElement> = { closest: () => null }) {
    const currentTarget = { style: { transform: '' }, setPointerCapture: () => undefined };
    return { clientX, pointerId: 1, target, currentTarget } as unknown as PointerEvent<HTMLElement>;
  }

  it('follows the pointer and dismisses past the threshold', () => {
    let t = 0;
    let dismissed = 0;
    const handlers = swipeHandlers(() => (dismissed += 1), () => t);
    const down = fakeEvent(100);
    handlers.onPointerDown(down);
    t = 1000;
    const move = fakeEvent(130);
    handlers.onPointerMove(move);
    expect(move.currentTarget.style.transform).toBe('translateX(30px)');
    handlers.onPointerUp(fakeEvent(130));
    expect(dismissed).toBe(1);
  });

  it('springs back after a short, slow swipe', () => {
    let t = 0;
    let dismissed = 0;
    const handlers = swipeHandlers(() => (dismissed += 1), () => t);
    handlers.onPointerDown(fakeEvent(100));
    t = 1000;
    const up = fakeEvent(110);
    up.currentTarget.style.transform = 'translateX(10px)';
    handlers.onPointerUp(up);
    expect(dismissed).toBe(0);
    expect(up.currentTarget.style.transform).toBe('');
  });

  it('leaves presses on the toast\'s buttons alone', () => {
    let dismissed = 0;
    const handlers = swipeHandlers(() => (dismissed += 1), () => 0);
    handlers.onPointerDown(fakeEvent(100, { closest: () => ({}) as Element }));
    handlers.onPointerUp(fakeEvent(200));
    expect(dismissed).toBe(0);
  });
});

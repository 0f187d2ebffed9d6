import type { PointerEvent } from 'react';

/** A swipe this far dismisses a toast, in px (spec section 9: library defaults). */
export const SWIPE_THRESHOLD_PX = 20;
/** A swipe faster than this dismisses it too, in px per ms. */
export const SWIPE_VELOCITY = 0.11;

/** Whether a horizontal swipe of `dx` px that took `ms` milliseconds dismisses the toast. */
export function swipeDismisses(dx: number, ms: number): boolean {
  const distance = Math.abs(dx);
  if (distance === 0) return false;
  return distance >= SWIPE_THRESHOLD_PX || distance / Math.max(ms, 1) > SWIPE_VELOCITY;
}

/** Pointer handlers that let a toast follow the finger sideways and dismiss it past the threshold. */
export function swipeHandlers(dismiss: () => void, now: () => number = Date.now) {
  let start: { x: number; at: number } | null = null;
  const element = (event: PointerEvent<HTMLElement>) => event.currentTarget;
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      // Buttons inside the toast (close, action) keep their clicks.
      if ((event.target as HTMLElement).closest('button')) return;
      start = { x: event.clientX, at: now() };
      element(event).setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start) element(event).style.transform = `translateX(${event.clientX - start.x}px)`;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!start) return;
      const dx = event.clientX - start.x;
      const ms = now() - start.at;
      start = null;
      if (swipeDismisses(dx, ms)) dismiss();
      else element(event).style.transform = '';
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      start = null;
      element(event).style.transform = '';
    },
  };
}

import { useEffect, useState } from 'react';

const secondsUntil = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/** Seconds left until `until` (epoch ms), ticking every second; 0 when it has passed. */
export function useCooldown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // The first tick at once (a new `until` is counted from now, not from the last tick).
    const tick = () => {
      const time = Date.now();
      setNow(time);
      return secondsUntil(until, time);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return secondsUntil(until, now);
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** Hover time before a tooltip opens, in ms (spec section 9). */
export const TOOLTIP_OPEN_DELAY = 700;
/** After a tooltip closes, another opens at once if hovered within this time, in ms (spec). */
export const TOOLTIP_SKIP_DELAY = 300;

// Shared by every tooltip: moving from one to the next should not wait again. The UI module is
// one shared instance across bundles, so module state is page-wide.
const shared = { openCount: 0, lastClosedAt: Number.NEGATIVE_INFINITY };

/** Open state of one tooltip, with the open delay and the skip delay. */
export function useTooltipDelay(openDelay = TOOLTIP_OPEN_DELAY, skipDelay = TOOLTIP_SKIP_DELAY) {
  const [opened, setOpened] = useState(false);
  const openedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const change = useCallback((next: boolean) => {
    if (openedRef.current === next) return;
    openedRef.current = next;
    shared.openCount += next ? 1 : -1;
    if (!next) shared.lastClosedAt = Date.now();
    setOpened(next);
  }, []);

  const open = useCallback(() => {
    clearTimeout(timer.current);
    const skip = shared.openCount > 0 || Date.now() - shared.lastClosedAt < skipDelay;
    if (skip) change(true);
    else timer.current = setTimeout(() => change(true), openDelay);
  }, [change, openDelay, skipDelay]);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    change(false);
  }, [change]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (openedRef.current) shared.openCount -= 1;
    },
    [],
  );

  return { opened, open, close };
}

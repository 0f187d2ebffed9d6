import { useEffect } from 'react';
import { useLocation, useNavigationType } from '@portal/shared/router';

/** How long to keep looking for a hash target that a lazily loaded page has not rendered yet. */
const ANCHOR_WAIT_MS = 2000;

/**
 * Scrolls to the top on a page change and to the anchor on a hash (spec section 2). Back and
 * forward keep the browser's own restoration.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return undefined;
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return undefined;
    }
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    let frame = 0;
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (Date.now() - started < ANCHOR_WAIT_MS) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, navigationType]);
  return null;
}

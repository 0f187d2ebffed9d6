import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * happy-dom has no `document.fonts`; Mantine's autosizing Textarea listens on it. An event target
 * that never fires stands in (no web font is loaded in a test anyway).
 */
function provideFontFaceSet(): void {
  if (typeof document === 'undefined' || 'fonts' in document) return;
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });
}

/** Registers what every page test needs: the DOM gaps filled, and after each test unmount, unstub globals, empty session storage. */
export function setupPageTests(): void {
  provideFontFaceSet();
  // findBy* and waitFor wait for a state, up to 1 s by default: a page's answer from the real test
  // server took longer beside the other suites on two loaded cores. Waiting longer costs nothing when
  // the state comes; it only makes a real failure slower to report.
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    globalThis.sessionStorage?.clear();
  });
}

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { configurePortalApi } from '../api/portal-client';
import { assertNoMalformedAnswers, recordMalformedAnswer } from './malformed-answers';

/**
 * happy-dom has no `document.fonts`; Mantine's autosizing Textarea listens on it. An event target
 * that never fires stands in (no web font is loaded in a test anyway).
 */
function provideFontFaceSet(): void {
  if (typeof document === 'undefined' || 'fonts' in document) return;
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });
}

/** Registers what every page test needs: the DOM gaps filled, and after each test unmount, unstub globals, empty session storage, and fail on a fake API's malformed answer. */
export function setupPageTests(): void {
  provideFontFaceSet();
  // findBy* and waitFor wait for a state, up to 1 s by default: a page's answer from the real test
  // server took longer beside the other suites on two loaded cores. Waiting longer costs nothing when
  // the state comes; it only makes a real failure slower to report.
  configure({ asyncUtilTimeout: 10_000 });
  // A fake answer (`startApiServer` or `stubApi`) that breaks the route's schema fails the test.
  configurePortalApi({ onMalformed: recordMalformedAnswer });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    globalThis.sessionStorage?.clear();
    // Last: the cleanup above must run even when a fake answered a malformed body.
    assertNoMalformedAnswers();
  });
}

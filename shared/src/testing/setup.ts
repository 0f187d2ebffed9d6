import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** Registers the clean-up every page test needs: unmount, unstub globals, empty session storage. */
export function setupPageTests(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    globalThis.sessionStorage?.clear();
  });
}

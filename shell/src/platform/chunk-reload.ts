import { guardedReload, isChunkLoadError } from '@portal/shared/navigation';

/**
 * A code chunk that fails to load (a deploy replaced it, or the network dropped) reloads the page,
 * through the reload guard so a chunk that keeps failing cannot loop (spec sections 2 and 8).
 * Returns whether it reloaded; if not, the caller shows its fallback.
 */
export function reloadOnChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && guardedReload(window.location.pathname);
}

/** Catches chunk errors that no error boundary sees (a failed preload, an unawaited import). */
export function listenForChunkErrors(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (reloadOnChunkError(event.reason)) event.preventDefault();
  });
}

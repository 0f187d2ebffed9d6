/** How long a reload of the same path is refused after the previous one (spec section 9). */
export const RELOAD_GUARD_MS = 10_000;

const KEY = 'portal:last-reload';

/** Where the guard remembers the last reload; sessionStorage survives the reload itself. */
export interface ReloadStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads the page unless the same path was reloaded less than RELOAD_GUARD_MS ago, so a page that
 * keeps failing (a chunk that will not load) cannot reload in a loop. Returns whether it reloaded.
 */
export function guardedReload(
  path: string,
  {
    storage = globalThis.sessionStorage,
    now = Date.now(),
    reload = () => globalThis.location.reload(),
  }: { storage?: ReloadStorage; now?: number; reload?: () => void } = {},
): boolean {
  let last: { path?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(KEY) ?? '{}') as typeof last;
  } catch {
    last = {};
  }
  if (last.path === path && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, JSON.stringify({ path, at: now }));
  reload();
  return true;
}

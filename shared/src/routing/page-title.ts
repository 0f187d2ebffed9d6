import { useEffect, useSyncExternalStore } from 'react';

// A page whose title is its content (a product's name) tells the shell so; the shell's PageMeta
// writes `document.title` from it instead of the route's generic title key ("Product | Portal").
// One module-level value: @portal/shared is one instance across the shell and the remotes.
let current: string | undefined;
const listeners = new Set<() => void>();

function setPageTitle(title: string | undefined): void {
  if (title === current) return;
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the page the caller shows (e.g. the product's name) while it is mounted; `undefined` keeps the route's title. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(undefined);
  }, [title]);
}

/** The title a mounted page gave itself, for the shell's PageMeta; `undefined` when none did. */
export function usePageTitleOverride(): string | undefined {
  return useSyncExternalStore(subscribe, () => current, () => undefined);
}

import { globalSingleton } from '../bus/global-singleton';
import type { PortalRelease } from '../schemas/beacon-labels';

/**
 * Header naming the browser's release group, `stable` or `canary` (decision 072): the API's request
 * metrics are labelled by it, so a canary is judged by the error ratio of its own API calls.
 */
export const RELEASE_HEADER = 'X-Portal-Release';

// One value for every bundle of the page (a globalThis singleton, like the session).
const release = globalSingleton<{ current: PortalRelease }>('@portal/shared/api/release', () => ({ current: 'stable' }));

/** The page's release group: `stable` until the shell has read the registry and found a canary. */
export function currentRelease(): PortalRelease {
  return release.current;
}

/** Sets the page's release group (the shell, when it reads the registry). */
export function setCurrentRelease(value: PortalRelease): void {
  release.current = value;
}

import * as v from 'valibot';
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REGISTRY_BLOCK_ID } from '@portal/shared/routing';
import { setCurrentRelease } from '@portal/shared/api';
import { RegistrySchema, type PortalRelease, type Registry } from '@portal/shared/schemas/platform';
import { fetchWithRetry } from './fetch-with-retry';
import { portalRuntimePlugin } from './runtime-plugin';

/** The environment this page was served for; the gateway writes it into index.html. */
export function currentEnvironment(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-environment"]');
  const value = meta?.content ?? '';
  // An unreplaced placeholder means the page came from a dev server, not the gateway.
  return value && !value.startsWith('__') ? value : 'development';
}

/** Fetches the registry document (never from a cache) and validates it. */
export async function fetchRegistry(environment = currentEnvironment()): Promise<Registry> {
  const response = await fetchWithRetry(`/registry/${environment}.json`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry ${environment}: HTTP ${response.status}`);
  return v.parse(RegistrySchema, await response.json());
}

/**
 * The registry the gateway wrote into the page for this browser (decision 024: the same document, canary
 * bucket included, that GET /registry/… answers), used once; undefined on a page without it (a dev
 * server's) or with a block that does not parse.
 */
export function takeInjectedRegistry(doc: Document = document): Registry | undefined {
  const block = doc.getElementById(REGISTRY_BLOCK_ID);
  if (!block?.textContent) return undefined;
  // Used for the page's start only: a later read (a retry after a failed start) fetches.
  block.remove();
  try {
    return v.parse(RegistrySchema, JSON.parse(block.textContent));
  } catch (error) {
    console.warn('[registry] the page\'s registry block is unreadable; fetching it', error);
    return undefined;
  }
}

let registry: Promise<Registry> | undefined;
/** The registry the page runs on, once read: which build of each remote, and in which release group. */
let current: Registry | undefined;

/** A remote's build and release group as this page runs it; `unknown` before (or without) the registry. */
export function remoteRelease(name: string): { version: string; release: PortalRelease } {
  const remote = current?.remotes[name];
  return { version: remote?.version ?? 'unknown', release: remote?.release ?? 'stable' };
}

/** Reads the registry once at start (the page's own copy when it has one) and registers every remote's manifest with the runtime. */
export function startRegistry(): Promise<Registry> {
  if (!registry) {
    registerPlugins([portalRuntimePlugin()]);
    const injected = takeInjectedRegistry();
    registry = (injected ? Promise.resolve(injected) : fetchRegistry()).then((doc) => {
      current = doc;
      // A browser in any remote's canary is in the canary group: its API calls say so (decision 072).
      setCurrentRelease(Object.values(doc.remotes).some((remote) => remote.release === 'canary') ? 'canary' : 'stable');
      registerRemotes(
        Object.entries(doc.remotes).map(([name, remote]) => ({ name, entry: remote.manifest })),
      );
      return doc;
    });
    // A failed registry read is retried on the next remote load rather than cached forever.
    registry.catch(() => {
      registry = undefined;
    });
  }
  return registry;
}

/** Re-registers one remote so that its next load starts from a clean slate (the retry button). */
export async function resetRemote(name: string): Promise<void> {
  const doc = await startRegistry();
  const remote = doc.remotes[name];
  if (remote) registerRemotes([{ name, entry: remote.manifest }], { force: true });
}

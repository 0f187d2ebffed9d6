import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeHintedFetch } from '../platform/hinted-fetches';
import { takeInlineManifest } from '../platform/page-data';
import { fetchWithRetry } from './fetch-with-retry';

const ENTRY_RETRIES = 2;

/**
 * Our federation runtime plugin: manifests are fetched with retries, and a remoteEntry script that
 * fails to load is tried again before the remote is declared unavailable.
 */
export function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  const entryAttempts = new Map<string, number>();
  return {
    name: 'portal-runtime-plugin',
    async fetch(url, init) {
      // The route's manifest may be in the page (decision 027) or on its way since the HTML (the
      // gateway's hint, decision 024).
      const inline = takeInlineManifest(url);
      if (inline !== undefined) return new Response(JSON.stringify(inline), { headers: { 'content-type': 'application/json' } });
      const hinted = await takeHintedFetch(url)?.catch(() => undefined);
      if (hinted?.ok) return hinted;
      return fetchWithRetry(url, { ...init, cache: 'no-cache' });
    },
    // The hook's declared type is a promise of a promise, which an async function cannot express
    // (promises flatten); the runtime awaits whatever is returned.
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) => {
      const attempts = entryAttempts.get(uniqueKey) ?? 0;
      if (attempts >= ENTRY_RETRIES) return undefined;
      entryAttempts.set(uniqueKey, attempts + 1);
      // The runtime caches the failed script promise under uniqueKey: drop it so the retry refetches.
      delete globalLoading[uniqueKey];
      await new Promise((resolve) => setTimeout(resolve, 300 * 2 ** attempts));
      return (await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined })) || undefined;
    }) as NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>,
    errorLoadRemote({ id, lifecycle, error }) {
      // 'afterResolve' fires when a manifest fetch fails: a returned value would be taken as a
      // manifest, so return nothing. In every case the error reaches loadRemote's caller, which
      // renders the unavailable panel (TOOLCHAIN.md).
      console.warn(`[federation] ${id} failed at ${lifecycle}`, error);
      return undefined;
    },
  };
}

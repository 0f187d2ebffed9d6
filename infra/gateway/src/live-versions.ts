import { DirectoryStore } from '@portal/deploy';

/** How long one read of the registry answers for the beacons' version check. */
const CACHE_MS = 10_000;

/**
 * Each remote's live and canary build in `environment`'s registry, for the API's beacon route
 * (decision 072): a beacon naming another build is not counted, so the version label stays bounded.
 * Read at most every 10 s; undefined while the store cannot be read.
 */
export function storeLiveVersions(storeDir: string, environment: string, now = Date.now): () => Promise<Record<string, readonly string[]> | undefined> {
  const store = new DirectoryStore(storeDir);
  let cached: { at: number; versions: Promise<Record<string, readonly string[]> | undefined> } | undefined;
  return () => {
    if (!cached || now() - cached.at > CACHE_MS) {
      const versions = store.readRegistry(environment).then(
        (registry) =>
          registry &&
          Object.fromEntries(
            Object.entries(registry.remotes).map(([name, remote]) => [name, remote.canary ? [remote.version, remote.canary.version] : [remote.version]]),
          ),
        () => undefined,
      );
      cached = { at: now(), versions };
    }
    return cached.versions;
  };
}

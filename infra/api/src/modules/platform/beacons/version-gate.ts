// Which versions a beacon may name (decision 072), so that the version label stays bounded: with the
// deploy store at hand (the gateway's process), the live and the canary build of each remote in the
// registry; without it (the API on its own), the first few builds seen per remote, no more.
import { UNKNOWN_VERSION } from '@portal/shared/schemas';
import type { LiveVersions } from '../contract';

/** Builds per remote the API alone keeps as labels; later ones are dropped until it restarts. */
export const MAX_VERSIONS_WITHOUT_STORE = 8;

export function createVersionGate(live?: LiveVersions) {
  const seen = new Map<string, Set<string>>();
  return {
    /** A function telling whether `version` of `remote` may be counted, for one batch. */
    async forBatch(): Promise<(remote: string, version: string) => boolean> {
      const known = live ? await live().catch(() => undefined) : undefined;
      return (remote, version) => {
        if (version === UNKNOWN_VERSION) return true;
        if (known) return known[remote]?.includes(version) ?? false;
        const versions = seen.get(remote) ?? new Set<string>();
        seen.set(remote, versions);
        if (versions.has(version)) return true;
        if (versions.size >= MAX_VERSIONS_WITHOUT_STORE) return false;
        versions.add(version);
        return true;
      };
    },
  };
}

export type VersionGate = ReturnType<typeof createVersionGate>;

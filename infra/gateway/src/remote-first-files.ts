// The files a remote's `./routes` module needs before any of its pages can render, read from the
// remote's own federation manifest (mf-manifest.json, written by the build) rather than named here:
// the chunking changes with the build settings, the manifest always says what it produced.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { FIRST_SCREEN_FILE, parseFirstScreenMap, type FirstScreenMap } from './page-files';
import { storedVersionDir, type StoredManifests } from './stored-manifest';

/** What the first screen of a remote's page loads before the page's own lazy chunk. */
export interface RemoteFirstFiles {
  /** The manifest itself (the federation runtime fetches it). */
  manifest: string;
  /** remoteEntry.js and the `./routes` module's synchronous chunks, as URLs. */
  scripts: string[];
  /** The `./routes` module's synchronous stylesheets, as URLs. */
  styles: string[];
  /** The remote's first-screen.json (messages and page chunks, as paths relative to the manifest). */
  map?: FirstScreenMap;
}

const ManifestSchema = v.object({
  metaData: v.object({ remoteEntry: v.object({ name: v.string(), path: v.optional(v.string(), '') }) }),
  exposes: v.array(
    v.object({
      path: v.string(),
      assets: v.object({
        js: v.object({ sync: v.array(v.string()) }),
        css: v.object({ sync: v.array(v.string()) }),
      }),
    }),
  ),
});

/** A relative asset path of the manifest as a URL next to the manifest (the builds use publicPath "auto"). */
export const beside = (manifestUrl: string, file: string) =>
  `${manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1)}${file.replace(/^\.?\//, '')}`;

/**
 * Reads (once per manifest URL: published versions never change) what `./routes` of a remote needs.
 * A manifest on another origin, or one that cannot be read, gives the manifest URL alone.
 */
export function createRemoteFirstFiles(storeDir: string, manifests: StoredManifests): (manifestUrl: string) => Promise<RemoteFirstFiles> {
  const versionDir = storedVersionDir(storeDir);
  const cache = new Map<string, Promise<RemoteFirstFiles>>();

  async function read(manifestUrl: string): Promise<RemoteFirstFiles> {
    const only = { manifest: manifestUrl, scripts: [], styles: [] };
    const dir = versionDir(manifestUrl);
    if (dir === undefined) return only;
    const [manifest, map] = await Promise.all([
      manifests(manifestUrl),
      readFile(join(dir, FIRST_SCREEN_FILE), 'utf8').catch(() => undefined).then(parseFirstScreenMap),
    ]);
    const parsed = manifest === undefined ? undefined : v.safeParse(ManifestSchema, manifest);
    if (!parsed?.success) return only;
    const { metaData, exposes } = parsed.output;
    const routes = exposes.find((e) => e.path === './routes');
    const entry = [metaData.remoteEntry.path, metaData.remoteEntry.name].filter(Boolean).join('/');
    return {
      manifest: manifestUrl,
      scripts: [entry, ...(routes?.assets.js.sync ?? [])].map((file) => beside(manifestUrl, file)),
      styles: (routes?.assets.css.sync ?? []).map((file) => beside(manifestUrl, file)),
      ...(map ? { map } : {}),
    };
  }

  return (manifestUrl) => {
    let pending = cache.get(manifestUrl);
    if (!pending) {
      pending = read(manifestUrl).catch(() => ({ manifest: manifestUrl, scripts: [], styles: [] }));
      cache.set(manifestUrl, pending);
    }
    return pending;
  };
}

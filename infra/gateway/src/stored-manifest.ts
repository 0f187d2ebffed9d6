// A remote's federation manifest (mf-manifest.json) as published in the store, for the page's data
// block (decision 027): the federation runtime then reads it from the page instead of fetching it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { storeLayout } from '@portal/deploy';
import { BuildVersionSchema, RemoteNameSchema } from '@portal/shared/schemas';

/** A manifest path the gateway serves from its store: `/remotes/<name>/<version>/mf-manifest.json`. */
const STORED = /^\/remotes\/([^/]+)\/([^/]+)\/mf-manifest\.json$/;

/** The store folder of the version a manifest URL names, or undefined for a URL the store does not serve. */
export function storedVersionDir(storeDir: string): (manifestUrl: string) => string | undefined {
  const layout = storeLayout(storeDir);
  return (manifestUrl) => {
    const [, name, version] = STORED.exec(manifestUrl) ?? [];
    return v.is(RemoteNameSchema, name) && v.is(BuildVersionSchema, version) ? layout.versionDir(name, version) : undefined;
  };
}

/** Reads a stored manifest by its URL; undefined when it is on another origin or cannot be read or parsed. */
export type StoredManifests = (manifestUrl: string) => Promise<unknown>;

/**
 * Reads a stored manifest by its URL, once per URL (a published version never changes); undefined for
 * a manifest on another origin or one that cannot be read or parsed (then read again next time).
 * One reader serves both the page's manifest block and the remote's first files (remote-first-files.ts).
 */
export function createStoredManifests(storeDir: string): StoredManifests {
  const versionDir = storedVersionDir(storeDir);
  const cache = new Map<string, Promise<unknown>>();

  async function read(manifestUrl: string): Promise<unknown> {
    const dir = versionDir(manifestUrl);
    if (dir === undefined) return undefined;
    const text = await readFile(join(dir, 'mf-manifest.json'), 'utf8');
    const manifest: unknown = JSON.parse(text);
    if (typeof manifest !== 'object' || manifest === null) throw new Error(`${manifestUrl} is not a manifest`);
    return manifest;
  }

  return (manifestUrl) => {
    let pending = cache.get(manifestUrl);
    if (!pending) {
      pending = read(manifestUrl);
      cache.set(manifestUrl, pending);
      pending.catch(() => cache.delete(manifestUrl));
    }
    return pending.catch(() => undefined);
  };
}

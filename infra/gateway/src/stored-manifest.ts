// A remote's federation manifest (mf-manifest.json) as published in the store, for the page's data
// block (decision 027): the federation runtime then reads it from the page instead of fetching it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { storeLayout } from '@portal/deploy';
import { BuildVersionSchema, RemoteNameSchema } from '@portal/shared/schemas';

/** A manifest path the gateway serves from its store: `/remotes/<name>/<version>/mf-manifest.json`. */
const STORED = /^\/remotes\/([^/]+)\/([^/]+)\/mf-manifest\.json$/;

/**
 * Reads a stored manifest by its URL, once per URL (a published version never changes); undefined for
 * a manifest on another origin or one that cannot be read or parsed (then read again next time).
 */
export function createStoredManifests(storeDir: string): (manifestUrl: string) => Promise<unknown> {
  const layout = storeLayout(storeDir);
  const cache = new Map<string, Promise<unknown>>();

  async function read(manifestUrl: string): Promise<unknown> {
    const [, name, version] = STORED.exec(manifestUrl) ?? [];
    if (!v.is(RemoteNameSchema, name) || !v.is(BuildVersionSchema, version)) return undefined;
    const text = await readFile(join(layout.versionDir(name, version), 'mf-manifest.json'), 'utf8');
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

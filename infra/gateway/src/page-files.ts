// The files of a page's first screen that no federation manifest names (issue 18, docs/decisions/026):
// the shell's and the remote's messages chunk of the path's locale, the matched route's page chunks and
// the shell's files of the shared entries that page consumes. They come from each build's
// `first-screen.json` (written by infra/build/src/first-screen-map.mjs) and the shell's mf-manifest.json,
// read from the store once per published version. Anything missing or unreadable means fewer hints,
// never a failed page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { storeLayout } from '@portal/deploy';
import { BuildVersionSchema } from '@portal/shared/schemas';

/** The name of the map each production build writes beside its mf-manifest.json. */
export const FIRST_SCREEN_FILE = 'first-screen.json';

const FirstScreenMapSchema = v.object({
  messages: v.record(v.string(), v.array(v.string())),
  routes: v.optional(
    v.array(v.object({ path: v.string(), files: v.array(v.string()), shared: v.array(v.string()) })),
    [],
  ),
});

/** An app's first-screen.json. */
export type FirstScreenMap = v.InferOutput<typeof FirstScreenMapSchema>;
/** One route of the map. */
export type FirstScreenRoute = FirstScreenMap['routes'][number];

const ShellManifestSchema = v.object({
  shared: v.array(
    v.object({
      name: v.string(),
      assets: v.object({ js: v.object({ sync: v.array(v.string()) }), css: v.object({ sync: v.array(v.string()) }) }),
    }),
  ),
});

/** What the gateway knows of the live shell version's files. */
export interface ShellFiles {
  /** The shell's first-screen.json, when it has one. */
  map?: FirstScreenMap;
  /** Shared key → the shell's files that provide it (style sheets first), as URLs. */
  shared: Map<string, string[]>;
  /** URLs that index.html already loads or preloads: never hinted again. */
  inPage: Set<string>;
}

/** Parses a first-screen.json text; undefined when it is not one. */
export function parseFirstScreenMap(text: string | undefined): FirstScreenMap | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = v.safeParse(FirstScreenMapSchema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The URLs `index.html` names in `src` and `href` attributes. */
export function pageUrls(html: string): Set<string> {
  return new Set([...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!));
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** The shell's files of one version from the store (the shell's publicPath is `/`). */
export async function readShellFiles(versionDir: string): Promise<ShellFiles> {
  const [map, manifest, html] = await Promise.all([
    readText(join(versionDir, FIRST_SCREEN_FILE)).then(parseFirstScreenMap),
    readText(join(versionDir, 'mf-manifest.json')),
    readText(join(versionDir, 'index.html')),
  ]);
  const shared = new Map<string, string[]>();
  try {
    const parsed = manifest === undefined ? undefined : v.safeParse(ShellManifestSchema, JSON.parse(manifest));
    for (const entry of parsed?.success ? parsed.output.shared : []) {
      shared.set(entry.name, [...entry.assets.css.sync, ...entry.assets.js.sync].map((file) => `/${file.replace(/^\.?\//, '')}`));
    }
  } catch {
    // An unreadable manifest: no shared files to hint.
  }
  return { map, shared, inPage: pageUrls(html ?? '') };
}

/** Reads (once per shell version: published versions never change) the shell's files from the store. */
export function createShellFiles(storeDir: string): (version: string) => Promise<ShellFiles> {
  const layout = storeLayout(storeDir);
  const cache = new Map<string, Promise<ShellFiles>>();
  const none: ShellFiles = { shared: new Map(), inPage: new Set() };
  return (version) => {
    if (!v.is(BuildVersionSchema, version)) return Promise.resolve(none);
    let pending = cache.get(version);
    if (!pending) {
      pending = readShellFiles(layout.versionDir('shell', version)).catch(() => none);
      cache.set(version, pending);
    }
    return pending;
  };
}

/**
 * The route of `routes` that react-router would pick for `path` (below the locale, no leading slash):
 * the one whose segments all match, static segments ranking above `:params` and both above a `*` splat.
 */
export function matchRoute(routes: readonly FirstScreenRoute[], path: string): FirstScreenRoute | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { route: FirstScreenRoute; score: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    let score = 0;
    let matched = true;
    for (let i = 0; i < Math.max(pattern.length, segments.length); i += 1) {
      const part = pattern[i];
      if (part === '*') {
        score += 1;
        break;
      }
      const segment = segments[i];
      if (part === undefined || segment === undefined) {
        matched = false;
        break;
      }
      if (part.startsWith(':')) score += 2;
      else if (part === segment) score += 3;
      else {
        matched = false;
        break;
      }
    }
    if (matched && (best === undefined || score > best.score)) best = { route, score };
  }
  return best?.route;
}

/** The path's page (below the locale) that will render first: a signed-in page without a session shows the login page. */
export interface FirstPage {
  /** The locale prefix of the path ("en"). */
  locale: string;
  /** The route path below the locale that renders ("products/abc", "auth/login", "" for home). */
  path: string;
  /** The remote's map and the URL resolver of its files; undefined for a shell page. */
  remote?: { map?: FirstScreenMap; url: (file: string) => string };
}

/** A hint for a file by its extension. */
const fileHint = (href: string): { href: string; as: 'script' | 'style' } => ({ href, as: href.endsWith('.css') ? 'style' : 'script' });

/**
 * The page files to hint for `page`, beyond the remote's entry and `./routes` chunks: the shell's and the
 * remote's messages chunk of the locale, the matched route's page chunks and the shell's files of the
 * shared entries it consumes. Style sheets first (they hold back the first paint); nothing that is in
 * `known` (already in the page or hinted) and no URL twice.
 */
export function pageFileHints(page: FirstPage, shell: ShellFiles, known: ReadonlySet<string>): { href: string; as: 'script' | 'style' }[] {
  const seen = new Set([...known, ...shell.inPage]);
  const urls: string[] = [];
  const add = (href: string) => {
    if (seen.has(href)) return;
    seen.add(href);
    urls.push(href);
  };
  const shellUrl = (file: string) => `/${file.replace(/^\.?\//, '')}`;
  for (const file of shell.map?.messages[page.locale] ?? []) add(shellUrl(file));
  const remote = page.remote;
  const map = remote ? remote.map : shell.map;
  const url = remote ? remote.url : shellUrl;
  if (remote) for (const file of remote.map?.messages[page.locale] ?? []) add(remote.url(file));
  const route = map ? matchRoute(map.routes, page.path) : undefined;
  for (const file of route?.files ?? []) add(url(file));
  for (const key of route?.shared ?? []) for (const href of shell.shared.get(key) ?? []) add(href);
  return urls.map(fileHint).sort((a, b) => Number(a.as === 'script') - Number(b.as === 'script'));
}

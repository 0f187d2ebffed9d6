// What the gateway writes into index.html for the first screen (issue 18, docs/decisions/024): the
// registry as this caller sees it, and preload hints for every file the page's first render waits for
// that the shell would otherwise discover one round trip after another (the server-managed texts, the
// route rules of the path, the route's remote: manifest, remoteEntry.js, the `./routes` chunks).
import { REGISTRY_BLOCK_ID, REMOTE_MOUNTS, routeRulesUrl, TRANSLATIONS_URL } from '@portal/shared/routing';
import type { Registry } from '@portal/shared/schemas';
import { jsonDataBlock } from './json-in-html';
import { pageFileHints, type ShellFiles } from './page-files';
import { beside, type RemoteFirstFiles } from './remote-first-files';

/** One preload hint. `fetch` hints are CORS-mode like the shell's `fetch()` calls, so the browser reuses them. */
export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

/** Who the page is for, as far as the hints are concerned. */
export interface FirstScreenRequest {
  /** The request's path, as the browser's `location.pathname` will read it. */
  pathname: string;
  /** Whether the request carries a session cookie (a signed-in page then renders, not the login page). */
  hasSession: boolean;
  /** The request's search string (`?…` or empty): a shop index's filters (decision 030). */
  search?: string;
  /** The host name the request was made to: a shop's own host fixes its shop (decision 007). */
  hostname?: string;
}

/** The remote whose page this path shows first: its mount's, or the login page's for a signed-in page without a session. */
export function firstRemote(pathname: string, hasSession: boolean): string | undefined {
  const segment = pathname.split('/')[2];
  const mount = REMOTE_MOUNTS.find((m) => m.path === segment);
  if (!mount) return undefined;
  return mount.access === 'signed-in' && !hasSession ? 'auth' : mount.remote;
}

/** The login page's route below the locale, where a signed-in page without a session sends the visitor. */
const LOGIN_PATH = 'auth/login';

/** The hints of one page, in the order the first render needs them. */
export async function firstScreenHints(
  registry: Registry,
  request: FirstScreenRequest,
  remoteFiles: (manifestUrl: string) => Promise<RemoteFirstFiles>,
  shellFiles?: (version: string) => Promise<ShellFiles>,
): Promise<PreloadHint[]> {
  const hints: PreloadHint[] = [
    { href: TRANSLATIONS_URL, as: 'fetch' },
    { href: routeRulesUrl(request.pathname), as: 'fetch' },
  ];
  const remote = firstRemote(request.pathname, request.hasSession);
  const manifest = remote === undefined ? undefined : registry.remotes[remote]?.manifest;
  const files = manifest === undefined ? undefined : await remoteFiles(manifest);
  if (files) {
    hints.push({ href: files.manifest, as: 'fetch' });
    hints.push(...files.styles.map((href) => ({ href, as: 'style' as const })));
    hints.push(...files.scripts.map((href) => ({ href, as: 'script' as const })));
  }
  if (shellFiles) hints.push(...(await pageHints(registry, request, files, shellFiles)));
  return hints;
}

/** The page's own files (decision 026): messages, the route's page chunks and shared entries. */
async function pageHints(
  registry: Registry,
  { pathname, hasSession }: FirstScreenRequest,
  files: RemoteFirstFiles | undefined,
  shellFiles: (version: string) => Promise<ShellFiles>,
): Promise<PreloadHint[]> {
  const [, locale = '', ...rest] = pathname.split('/');
  const mount = REMOTE_MOUNTS.find((m) => m.path === rest[0]);
  // A path under no mount is a shell page; only the home page (`/en`) has first-screen files.
  if (!mount && rest.some(Boolean)) return [];
  if (mount && !files) return [];
  const redirected = mount?.access === 'signed-in' && !hasSession;
  const shell = await shellFiles(registry.shell.version);
  return pageFileHints(
    {
      locale,
      path: redirected ? LOGIN_PATH : rest.join('/'),
      ...(files ? { remote: { ...(files.map ? { map: files.map } : {}), url: (file: string) => beside(files.manifest, file) } } : {}),
    },
    shell,
    new Set([files?.manifest, ...(files?.scripts ?? []), ...(files?.styles ?? [])].filter((u): u is string => u !== undefined)),
  );
}

/** Escapes a value for a double-quoted HTML attribute. */
const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What goes before `</head>`: the registry data block and the hints as `<link rel="preload">`. */
export function firstScreenHtml(registry: Registry, hints: PreloadHint[]): string {
  const links = hints.map(
    ({ href, as }) => `<link rel="preload" href="${attribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`,
  );
  return jsonDataBlock(REGISTRY_BLOCK_ID, registry) + links.join('');
}

// A URL goes into a Link header as `<url>`: only visible ASCII without `<`, `>` and `,` is safe there.
const HEADER_SAFE = /^[\x21-\x2b\x2d-\x3b=\x3f-\x7e]+$/;

/**
 * The same hints as an HTTP `Link` header (RFC 8288): browsers start them as soon as the headers
 * arrive, and a proxy in front (nginx in the scale-out setup) can pass them on or send them early.
 */
export function linkHeader(hints: PreloadHint[]): string | undefined {
  const values = hints
    .filter(({ href }) => HEADER_SAFE.test(href))
    .map(({ href, as }) => `<${href}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin=anonymous' : ''}`);
  return values.length > 0 ? values.join(', ') : undefined;
}

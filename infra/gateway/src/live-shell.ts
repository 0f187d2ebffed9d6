import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DirectoryStore, storeLayout } from '@portal/deploy';
import type { Registry } from '@portal/shared/schemas';
import { encode, type PageEncoding } from './page-encoding';

/** Placeholder in the shell's index.html replaced with the environment name on every response. */
export const ENVIRONMENT_PLACEHOLDER = '__PORTAL_ENVIRONMENT__';

/** Placeholder in the shell's index.html (`<meta name="portal-version-poll-ms">`) for the poll interval in ms. */
export const VERSION_POLL_PLACEHOLDER = '__PORTAL_VERSION_POLL_MS__';

/** Placeholders of the browser's OAuth client (a public client: its "secret" is in every page anyway). */
export const OAUTH_CLIENT_ID_PLACEHOLDER = '__PORTAL_OAUTH_CLIENT_ID__';
export const OAUTH_CLIENT_SECRET_PLACEHOLDER = '__PORTAL_OAUTH_CLIENT_SECRET__';

/** The browser's OAuth client, as the API knows it. */
export interface OAuthClient {
  id: string;
  secret: string;
}

/** Escapes a value for an HTML attribute (the values come from configuration, not from requests). */
function attribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What the gateway needs to know about the live shell, read from the store as it changes. */
export interface LiveShell {
  /** The environment's registry, or undefined when nothing is deployed. */
  registry(): Promise<Registry | undefined>;
  /**
   * The live shell's index.html with the environment and the poll interval filled in, and `head` (the
   * first-screen data and hints of this request) before `</head>`, encoded as asked; undefined when no
   * shell is live.
   */
  indexPage(encoding: PageEncoding, head?: string): Promise<Buffer | undefined>;
  /** The live shell version's folder, or undefined when no shell is live. */
  liveShellDir(): Promise<string | undefined>;
  /** Folders of the other published shell versions, newest first. */
  olderShellDirs(): Promise<string[]>;
}

/** Reads the registry on each call but re-parses it only when the file changed (stat is cheap). */
export function createLiveShell(
  storeDir: string,
  environment: string,
  log: FastifyBaseLogger,
  options: { versionPollMs: number; oauthClient?: OAuthClient },
): LiveShell {
  const layout = storeLayout(storeDir);
  const store = new DirectoryStore(storeDir);
  let cached: { key: string; registry: Registry | undefined } | undefined;
  let page: { version: string; variants: Map<PageEncoding, Buffer> } | undefined;

  async function registry(): Promise<Registry | undefined> {
    const info = await stat(layout.registryFile(environment)).catch(() => undefined);
    if (!info) return undefined;
    // A deploy renames a new file into place, so the inode changes even within one mtime tick.
    const key = `${info.ino}:${info.mtimeMs}:${info.size}`;
    if (cached?.key === key) return cached.registry;
    try {
      cached = { key, registry: await store.readRegistry(environment) };
    } catch (error) {
      // The ops tool validates before writing, so this is a hand edit: keep serving the last good one.
      log.error({ err: error }, 'registry unreadable; serving the last good version');
    }
    return cached?.registry;
  }

  async function indexPage(encoding: PageEncoding, head = ''): Promise<Buffer | undefined> {
    const version = (await registry())?.shell.version;
    if (version === undefined) return undefined;
    // Published versions never change, so the page is read, filled in and compressed once per version.
    if (page?.version !== version) {
      const file = join(layout.versionDir('shell', version), 'index.html');
      const html = await readFile(file, 'utf8').catch(() => undefined);
      if (html === undefined) {
        log.error({ version }, 'live shell version has no index.html in the store');
        return undefined;
      }
      const filled = html
        .replaceAll(ENVIRONMENT_PLACEHOLDER, environment)
        .replaceAll(VERSION_POLL_PLACEHOLDER, String(options.versionPollMs))
        // Without a configured client the tags stay empty and the shell uses its development default.
        .replaceAll(OAUTH_CLIENT_ID_PLACEHOLDER, attribute(options.oauthClient?.id ?? ''))
        .replaceAll(OAUTH_CLIENT_SECRET_PLACEHOLDER, attribute(options.oauthClient?.secret ?? ''));
      page = { version, variants: new Map([['identity', Buffer.from(filled)]]) };
    }
    if (head !== '') {
      // Per request (the registry differs per canary bucket, the hints per path): a fast compression
      // level, as for the other per-request answers.
      const html = page.variants.get('identity')!.toString('utf8');
      const at = html.indexOf('</head>');
      const withHead = at < 0 ? html : `${html.slice(0, at)}${head}${html.slice(at)}`;
      return encode(Buffer.from(withHead), encoding, 'fast');
    }
    let body = page.variants.get(encoding);
    if (!body) {
      body = encode(page.variants.get('identity')!, encoding);
      page.variants.set(encoding, body);
    }
    return body;
  }

  async function liveShellDir(): Promise<string | undefined> {
    const version = (await registry())?.shell.version;
    return version === undefined ? undefined : layout.versionDir('shell', version);
  }

  async function olderShellDirs(): Promise<string[]> {
    const live = (await registry())?.shell.version;
    const root = layout.appDir('shell');
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    const older = await Promise.all(
      entries
        // Skips the live one and the deploy tool's hidden `.tmp-…` folders of publishes in progress.
        .filter((entry) => entry.isDirectory() && /^[A-Za-z0-9]/.test(entry.name) && entry.name !== live)
        .map(async (entry) => ({ dir: join(root, entry.name), mtime: (await stat(join(root, entry.name))).mtimeMs })),
    );
    return older.sort((a, b) => b.mtime - a.mtime).map((o) => o.dir);
  }

  return { registry, indexPage, liveShellDir, olderShellDirs };
}

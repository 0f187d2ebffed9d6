// Fake builds for tests (this package's and the gateway's): small dist folders shaped like real ones.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { appPackageDir, REMOTE_NAMES, type AppName } from './apps';
import { BACKUP_FORMAT, BASE_MANIFEST_FILE, backupSetName, DATABASE_FILE, describeFile, MANIFEST_FILE, STORE_FILE, type BackupManifest } from './backup-set';

/** A temporary repository with fake builds of every app, and an empty store beside it. */
export interface FakeRepo {
  root: string;
  storeDir: string;
  /** Rewrites an app's dist with different content (a new build), sharing `shared` (default FAKE_SHARED). */
  rebuild(app: AppName, marker: string, shared?: readonly FakeShared[]): Promise<void>;
  cleanup(): Promise<void>;
}

// Over @fastify/compress's 1 KiB threshold, so that compression is exercised.
const FILLER = `/* ${'portal '.repeat(300)} */`;

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

/** A shared module as mf-manifest.json lists it (only the fields the deploy reads). */
export interface FakeShared {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
  /** Whether the build carries its own copy (a fallback chunk); production remotes carry none. */
  fallback?: boolean;
}

/** What the real builds share (infra/build/src/shared-deps.mjs), in a few entries. */
export const FAKE_SHARED: readonly FakeShared[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.0.0', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.0.0', singleton: true },
  { name: '@portal/shared/ui', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
  { name: 'valibot', version: '1.5.0', requiredVersion: '^1.0.0', singleton: false },
];

/** Where a fake build keeps its own copy of a shared module (when it has one). */
const fallbackChunk = (s: FakeShared) => `static/js/shared-${s.name.replace(/\W/g, '_')}.js`;

/** The `shared` entries of a fake mf-manifest.json. */
export const fakeSharedEntries = (app: string, shared: readonly FakeShared[]) =>
  shared.map(({ fallback, ...s }) => ({
    id: `${app}:${s.name}`,
    ...s,
    assets: { js: { sync: fallback ? [fallbackChunk(s)] : [], async: [] }, css: { sync: [], async: [] } },
  }));

/** Writes a remote's dist: mf-manifest.json exposing `exposes`, remoteEntry.js and one chunk. */
export async function writeFakeRemoteDist(
  dir: string,
  name: string,
  marker = 'v1',
  exposes = ['./routes'],
  shared: readonly FakeShared[] = FAKE_SHARED,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const chunk = `static/js/async/routes.${marker}.js`;
  const manifest = {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      globalName: name,
      buildInfo: { buildVersion: '0.1.0', buildName: `@portal/mfe-${name}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: fakeSharedEntries(name, shared),
    remotes: [],
    exposes: exposes.map((path) => ({
      id: `${name}:${path.slice(2)}`,
      name: path.slice(2),
      path,
      assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } },
    })),
  };
  await put(join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
  await put(join(dir, 'remoteEntry.js'), `var ${name}; /* ${marker} */ ${FILLER}`);
  for (const s of shared.filter((x) => x.fallback)) await put(join(dir, fallbackChunk(s)), `/* ${s.name} ${marker} */ ${FILLER}`);
  await put(join(dir, chunk), `export const marker = '${name}:${marker}'; ${FILLER}`);
}

/** Writes the shell's dist: index.html with the environment placeholder, a hashed main chunk and mf-manifest.json. */
export async function writeFakeShellDist(dir: string, marker = 'v1', shared: readonly FakeShared[] = FAKE_SHARED): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const main = `/static/js/main.${marker}.js`;
  await put(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta name="portal-environment" content="__PORTAL_ENVIRONMENT__">` +
      `<meta name="portal-version-poll-ms" content="__PORTAL_VERSION_POLL_MS__">` +
      `<meta name="portal-oauth-client-id" content="__PORTAL_OAUTH_CLIENT_ID__">` +
      `<meta name="portal-oauth-client-secret" content="__PORTAL_OAUTH_CLIENT_SECRET__">` +
      `<script defer src="${main}"></script></head><body><div id="root"></div><!-- shell ${marker} ${FILLER} --></body></html>`,
  );
  await put(join(dir, main.slice(1)), `console.log('shell ${marker}'); ${FILLER}`);
  await put(join(dir, `static/css/main.${marker}.css`), `body { color: black } ${FILLER}`);
  await put(join(dir, 'favicon.ico'), 'icon');
  const manifest = { id: 'shell', name: 'shell', metaData: { name: 'shell', publicPath: '/' }, shared: fakeSharedEntries('shell', shared), remotes: [], exposes: [] };
  await put(join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
}

/** Creates a temporary repository with a package.json and a dist for the shell and each remote. */
export async function createFakeRepo(): Promise<FakeRepo> {
  const root = await mkdtemp(join(tmpdir(), 'portal-deploy-'));
  const rebuild = async (app: AppName, marker: string, shared: readonly FakeShared[] = FAKE_SHARED) => {
    const dist = join(root, appPackageDir(app), 'dist');
    if (app === 'shell') await writeFakeShellDist(dist, marker, shared);
    else await writeFakeRemoteDist(dist, app, marker, ['./routes'], shared);
  };
  for (const app of ['shell', ...REMOTE_NAMES] as const) {
    await put(join(root, appPackageDir(app), 'package.json'), JSON.stringify({ name: `@portal/${app}`, version: '0.1.0' }));
    await rebuild(app, 'v1');
  }
  return {
    root,
    storeDir: join(root, '.data', 'store'),
    rebuild,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/**
 * A complete backup set in `backupDir` finished at `finishedAt`, as `ops backup` writes one (small
 * stand-in files, their real sums): for the tests of what reads sets (retention, the backup-age gauge).
 */
export async function writeFakeBackupSet(backupDir: string, finishedAt: Date, kind: BackupManifest['kind'] = 'dump'): Promise<string> {
  const iso = finishedAt.toISOString();
  const name = backupSetName(iso, kind === 'base' ? 'portal-base' : 'portal');
  const dir = join(backupDir, name);
  const databaseFile = kind === 'base' ? BASE_MANIFEST_FILE : DATABASE_FILE;
  await put(join(dir, databaseFile), `${kind} stand-in ${iso}`);
  await put(join(dir, STORE_FILE), `store stand-in ${iso}`);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    kind,
    ...(kind === 'base' ? { base: { recoverableFrom: iso, archiveCommand: 'cp %p /srv/pg-wal-archive/%f', timeline: 1 } } : {}),
    name,
    startedAt: iso,
    finishedAt: iso,
    database: { name: 'portal', source: 'postgres://backup@127.0.0.1:5432/portal', serverVersion: '15.20', lastMigration: null },
    portalVersion: '0.1.0',
    store: { location: '/srv/portal/store', live: {} },
    files: [await describeFile(dir, databaseFile), await describeFile(dir, STORE_FILE)],
  };
  await put(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return dir;
}
export { fakeExposition, type FakeGroupCounts } from './testing-metrics';

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { widgetModule, widgetsOf } from '@portal/shared/routing';
import { isRemote, type AppName, type RemoteName } from './apps';
import { OpsError } from './errors';

/** Reads one file of a build by relative path; undefined when absent (a dist folder or the store). */
export type BuildReader = (path: string) => Promise<Buffer | undefined>;

/** Placeholder in the shell's index.html that the gateway replaces with the environment name. */
export const ENVIRONMENT_PLACEHOLDER = '__PORTAL_ENVIRONMENT__';

const AssetListSchema = v.object({ sync: v.array(v.string()), async: v.array(v.string()) });
const AssetsSchema = v.object({ js: AssetListSchema, css: AssetListSchema });

// Only the parts of Module Federation 2's mf-manifest.json that the deploy relies on.
const ManifestSchema = v.object({
  name: v.string(),
  metaData: v.object({
    remoteEntry: v.object({ name: v.string(), path: v.string() }),
    publicPath: v.optional(v.string()),
  }),
  exposes: v.array(v.object({ path: v.string(), assets: v.optional(AssetsSchema) })),
  shared: v.optional(v.array(v.object({ name: v.string(), assets: v.optional(AssetsSchema) }))),
});

/** Reads files from a folder on disk. */
export function directoryReader(dir: string): BuildReader {
  return (path) =>
    readFile(join(dir, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
      throw error;
    });
}

/**
 * Refuses a build that cannot work once live, saying exactly why; returns warnings that do not block.
 * A remote needs a parseable mf-manifest.json for its own federation name that exposes `./routes`,
 * was built with publicPath 'auto' (it is served from a versioned URL) and names only files it ships.
 * A build that lacks a dashboard widget of its own (DASHBOARD_WIDGETS) is let through with a warning.
 */
export async function validateBuild(app: AppName, read: BuildReader, where: string): Promise<string[]> {
  return isRemote(app) ? validateRemote(app, read, where) : validateShell(read, where);
}

async function validateShell(read: BuildReader, where: string): Promise<string[]> {
  const html = await read('index.html');
  if (!html) throw new OpsError('OPS_BUILD_INVALID', `shell: ${where} has no index.html`);
  return html.toString('utf8').includes(ENVIRONMENT_PLACEHOLDER)
    ? []
    : [`shell: index.html has no ${ENVIRONMENT_PLACEHOLDER} placeholder, so the page cannot tell its environment`];
}

async function validateRemote(app: RemoteName, read: BuildReader, where: string): Promise<string[]> {
  const refuse = (why: string) => new OpsError('OPS_MANIFEST_INVALID', `${app}: ${why}`);
  const raw = await read('mf-manifest.json');
  if (!raw) {
    throw refuse(`${where} has no mf-manifest.json; is it a Module Federation build with the manifest enabled?`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw refuse(`mf-manifest.json is not valid JSON (${(error as Error).message})`);
  }
  const parsed = v.safeParse(ManifestSchema, json);
  if (!parsed.success) throw refuse(`mf-manifest.json is not a federation manifest: ${v.summarize(parsed.issues)}`);
  const manifest = parsed.output;

  if (manifest.name !== app) {
    throw refuse(`mf-manifest.json is for the federation name "${manifest.name}", not "${app}"`);
  }
  const exposed = manifest.exposes.map((e) => e.path);
  if (!exposed.includes('./routes')) {
    const list = exposed.length > 0 ? exposed.join(', ') : 'nothing';
    throw refuse(`the build does not expose ./routes (it exposes ${list}); the shell mounts a remote through ./routes`);
  }
  // A missing dashboard widget does not break the portal (its place shows the unavailable panel),
  // so it does not block the deploy; the operator is told.
  const missingWidgets = widgetsOf(app)
    .map(widgetModule)
    .filter((name) => !exposed.includes(name));
  const warnings = missingWidgets.length
    ? [`${app}: the build does not expose ${missingWidgets.join(', ')}; the dashboard will show "temporarily unavailable" in place of ${missingWidgets.length === 1 ? 'that widget' : 'those widgets'}`]
    : [];
  const publicPath = manifest.metaData.publicPath;
  if (publicPath !== undefined && publicPath !== 'auto') {
    throw refuse(
      `built with publicPath "${publicPath}"; a remote must use 'auto' to load from /remotes/${app}/<version>/`,
    );
  }

  const entry = manifest.metaData.remoteEntry;
  const named = new Set([entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name]);
  for (const item of [...manifest.exposes, ...(manifest.shared ?? [])]) {
    for (const list of [item.assets?.js, item.assets?.css]) {
      for (const file of [...(list?.sync ?? []), ...(list?.async ?? [])]) named.add(file);
    }
  }
  const missing: string[] = [];
  for (const file of named) if (!(await read(file))) missing.push(file);
  if (missing.length > 0) throw refuse(`files named by mf-manifest.json are missing: ${missing.join(', ')}`);
  return warnings;
}

import semver from 'semver';
import * as v from 'valibot';
import type { Registry } from '@portal/shared/schemas';
import { REMOTE_NAMES, type AppName } from './apps';
import type { OpsContext } from './context';
import { OpsError } from './errors';

// The `shared` entries of Module Federation 2's mf-manifest.json. A build lists only the shared modules
// it actually uses, each with the version it bundles as a fallback and the range it requires.
const AssetListSchema = v.object({ sync: v.optional(v.array(v.string()), []), async: v.optional(v.array(v.string()), []) });
const SharedEntrySchema = v.object({
  name: v.string(),
  version: v.optional(v.string()),
  requiredVersion: v.optional(v.unknown()),
  singleton: v.optional(v.boolean()),
  assets: v.optional(v.object({ js: v.optional(AssetListSchema) })),
});
const SharedManifestSchema = v.object({ shared: v.optional(v.array(SharedEntrySchema), []) });

/**
 * What a build shares: name → the version it provides, the range it requires, and whether it carries
 * a copy of its own to fall back on (singletons only). Production remotes carry none (`import: false`,
 * decision 001): whatever they list, the shell must provide.
 */
export type SharedSingletons = Map<string, { version: string | undefined; requiredVersion: string | undefined; fallback: boolean }>;

/** Reads the singletons of a build's mf-manifest.json; undefined when the build has no manifest. */
export function sharedSingletons(manifest: Buffer | undefined): SharedSingletons | undefined {
  if (!manifest) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(manifest.toString('utf8'));
  } catch {
    return undefined; // validateBuild refuses it with the reason
  }
  const parsed = v.safeParse(SharedManifestSchema, json);
  if (!parsed.success) return undefined;
  const singletons: SharedSingletons = new Map();
  for (const entry of parsed.output.shared) {
    if (!entry.singleton) continue;
    const required = typeof entry.requiredVersion === 'string' ? entry.requiredVersion : undefined;
    // A manifest without assets predates the field: assume a copy, as the check always did.
    const js = entry.assets?.js;
    const fallback = js ? js.sync.length + js.async.length > 0 : true;
    singletons.set(entry.name, { version: entry.version, requiredVersion: required, fallback });
  }
  return singletons;
}

/** One remote build as the check sees it. */
export interface RemoteBuild {
  name: string;
  version: string;
  shared: SharedSingletons;
  /** How the message names it: `live`, `canary` or nothing for the build being deployed. */
  role?: string;
}

/**
 * Why a remote cannot run under a shell, one line per unsatisfied singleton; empty when it can.
 * The shell loads first (`shareStrategy: 'loaded-first'`), so every singleton it provides is the one a
 * remote gets: the shell's version must satisfy the remote's required range. A singleton the shell does
 * not provide is refused unless the remote carries its own copy.
 */
export function singletonConflicts(
  shell: { version: string; shared: SharedSingletons },
  remote: RemoteBuild,
  perspective: 'remote' | 'shell',
): string[] {
  const conflicts: string[] = [];
  for (const [name, { requiredVersion, fallback }] of remote.shared) {
    const role = remote.role ? `${remote.role} ` : '';
    if (!shell.shared.has(name)) {
      // Without a copy of its own the remote cannot start: a shared module the shell lacks (a new
      // @portal/shared entry deployed before the shell that provides it) is a refusal, not a warning.
      if (!fallback) {
        conflicts.push(
          perspective === 'remote'
            ? `${remote.name} ${remote.version} needs ${name} but the live shell does not provide it`
            : `shell ${shell.version} does not provide ${name}, which the ${role}${remote.name} ${remote.version} needs`,
        );
      }
      continue;
    }
    const provided = shell.shared.get(name)?.version;
    if (!requiredVersion || !provided || !semver.valid(provided)) continue;
    if (semver.satisfies(provided, requiredVersion, { includePrerelease: true })) continue;
    conflicts.push(
      perspective === 'remote'
        ? `${remote.name} ${remote.version} requires ${name} ${requiredVersion} but the live shell provides ${provided}`
        : `shell ${shell.version} provides ${name} ${provided} but the ${role}${remote.name} ${remote.version} requires ${requiredVersion}`,
    );
  }
  return conflicts;
}

/** Reads a file of a build: the store's by default; a deploy passes its dist folder's before publishing. */
export type VersionReader = (app: AppName, version: string, path: string) => Promise<Buffer | undefined>;

async function readShared(read: VersionReader, app: AppName, version: string): Promise<SharedSingletons | undefined> {
  return sharedSingletons(await read(app, version, 'mf-manifest.json'));
}

/**
 * Refuses a registry change that would put a remote under a shell that cannot satisfy its shared
 * singletons (docs/decisions/006). `next` is the registry as it would be; `changed` the apps whose
 * pointers (or canaries) the change moves. Only pairs involving a changed app are checked, so an old
 * mismatch never blocks an unrelated deploy. Throws OPS_INCOMPATIBLE_SHARED with every conflict.
 */
export async function assertCompatible(
  ctx: OpsContext,
  next: Registry,
  changed: ReadonlySet<AppName>,
  read: VersionReader = (app, version, path) => ctx.store.readVersionFile(app, version, path),
): Promise<void> {
  const shellShared = await readShared(read, 'shell', next.shell.version);
  if (!shellShared) {
    ctx.log?.(`warning: shell ${next.shell.version} has no mf-manifest.json; shared singletons not checked`);
    return;
  }
  const shell = { version: next.shell.version, shared: shellShared };
  const shellChanged = changed.has('shell');
  const conflicts: string[] = [];
  for (const name of REMOTE_NAMES) {
    const entry = next.remotes[name];
    if (!entry || (!shellChanged && !changed.has(name))) continue;
    const builds = [{ version: entry.version, role: 'live' }];
    if (entry.canary) builds.push({ version: entry.canary.version, role: 'canary' });
    for (const { version, role } of builds) {
      const shared = await readShared(read, name, version);
      if (!shared) continue; // validateBuild already refuses a remote without a manifest
      conflicts.push(...singletonConflicts(shell, { name, version, shared, role }, shellChanged ? 'shell' : 'remote'));
    }
  }
  if (conflicts.length > 0) {
    throw new OpsError('OPS_INCOMPATIBLE_SHARED', `${next.environment}: refused, nothing changed:\n  ${conflicts.join('\n  ')}`);
  }
}

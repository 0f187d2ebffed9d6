import { join } from 'node:path';
import { APP_NAMES, appPackageDir, type AppName } from './apps';
import type { OpsContext } from './context';
import { OpsError } from './errors';
import { publishApp, type PublishResult } from './publish';
import { movePointers, pointRegistry, type PointerChange } from './registry-update';
import { directoryReader, validateBuild } from './validate-build';
import { assertCompatible } from './compatibility';
import { computeVersion, readPackageVersion } from './version';

/** Options of `deployApp`. */
export interface DeployOptions {
  /** A published version to make live; without it the app's current build is published and made live. */
  version?: string;
  /** Build folder when publishing; defaults to `<repoRoot>/<app folder>/dist`. */
  distDir?: string;
  /** Why, for the history. */
  reason?: string;
}

/** Makes a version of one app live in an environment (publishing the current build when no version is given). */
export async function deployApp(
  ctx: OpsContext,
  app: AppName,
  environment: string,
  options: DeployOptions = {},
): Promise<PointerChange> {
  if (options.version === undefined) await precheckBuild(ctx, app, environment, options.distDir);
  const version = options.version ?? (await publishApp(ctx, app, { distDir: options.distDir })).version;
  if (options.version !== undefined) await ensurePublished(ctx, app, options.version, options.distDir);
  await validateStored(ctx, app, version);
  // movePointers checks again under the lock (the shell may have moved meanwhile), against the stored copy.
  const [change] = await movePointers(ctx, environment, [{ app, version }], 'deploy', options.reason ?? '');
  report(ctx, change!);
  return change!;
}

/** Publishes the shell and every remote from their dist folders and makes them all live in one registry write. */
export async function publishAll(
  ctx: OpsContext,
  environment: string,
  options: { reason?: string } = {},
): Promise<{ published: PublishResult[]; changes: PointerChange[] }> {
  const published: PublishResult[] = [];
  const failures: string[] = [];
  // Try every app before giving up, so one run lists every broken build; the registry moves only if all pass.
  for (const app of APP_NAMES) {
    try {
      published.push(await publishApp(ctx, app));
    } catch (error) {
      if (!(error instanceof OpsError)) throw error;
      failures.push(error.message);
    }
  }
  if (failures.length > 0) {
    throw new OpsError('OPS_BUILD_INVALID', `nothing deployed to ${environment}:\n  ${failures.join('\n  ')}`);
  }
  const changes = await movePointers(ctx, environment, published, 'deploy', options.reason ?? 'publish-all');
  changes.forEach((change) => report(ctx, change));
  return { published, changes };
}

/**
 * Refuses a build whose shared singletons do not fit the environment before it is even published, so a
 * refused deploy leaves the store as it was, not just the registry.
 */
export async function precheckBuild(ctx: OpsContext, app: AppName, environment: string, distDir?: string): Promise<void> {
  const registry = await ctx.store.readRegistry(environment);
  const packageDir = join(ctx.repoRoot, appPackageDir(app));
  const dist = distDir ?? join(packageDir, 'dist');
  if (!registry) return;
  const version = await computeVersion(dist, await readPackageVersion(packageDir)).catch(() => undefined);
  if (version === undefined) return; // publishApp says what is wrong with the build
  const next = pointRegistry(registry, environment, app, version, registry.updatedAt);
  const fromDist = directoryReader(dist);
  await assertCompatible(ctx, next, new Set([app]), (a, v, path) =>
    a === app && v === version ? fromDist(path) : ctx.store.readVersionFile(a, v, path),
  );
}

/** Re-checks the stored copy before it goes live: the store is what users will actually get. */
export async function validateStored(ctx: OpsContext, app: AppName, version: string): Promise<void> {
  await validateBuild(app, (path) => ctx.store.readVersionFile(app, version, path), `${app} ${version} in the store`);
}

/** Throws unless `version` is published; publishes it when it is exactly the current build. */
export async function ensurePublished(ctx: OpsContext, app: AppName, version: string, distDir?: string): Promise<void> {
  const versions = await ctx.store.listVersions(app);
  if (versions.includes(version)) return;
  const packageDir = join(ctx.repoRoot, appPackageDir(app));
  const dist = distDir ?? join(packageDir, 'dist');
  const built = await computeVersion(dist, await readPackageVersion(packageDir)).catch(() => undefined);
  if (built === version) {
    await publishApp(ctx, app, { distDir: dist });
    return;
  }
  const known = versions.length > 0 ? `published: ${versions.sort().join(', ')}` : 'none is published';
  throw new OpsError('OPS_VERSION_NOT_PUBLISHED', `${app} ${version} is not in ${ctx.store.location} (${known})`);
}

function report(ctx: OpsContext, change: PointerChange): void {
  const { app, environment, from, to, changed } = change;
  ctx.log?.(`${environment}: ${app} ${changed ? `${from ?? '(none)'} -> ${to}` : `${to} already live`}`);
}

import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { appPackageDir, type AppName } from './apps';
import type { OpsContext } from './context';
import { OpsError } from './errors';
import { digestTree } from './file-tree';
import { directoryReader, validateBuild } from './validate-build';
import { computeVersion, readPackageVersion } from './version';

/** Options of `publishApp`. */
export interface PublishOptions {
  /** Build folder; defaults to `<repoRoot>/<app folder>/dist`. */
  distDir?: string;
  /** Version to publish as; defaults to the content-addressed version (`computeVersion`). */
  version?: string;
}

/** What `publishApp` did. */
export interface PublishResult {
  app: AppName;
  version: string;
  /** `published` when copied now; `already-published` when the store had the identical build. */
  outcome: 'published' | 'already-published';
  warnings: string[];
}

/** Validates a build and copies it into the store as an immutable version (idempotent for the same build). */
export async function publishApp(ctx: OpsContext, app: AppName, options: PublishOptions = {}): Promise<PublishResult> {
  const packageDir = join(ctx.repoRoot, appPackageDir(app));
  const distDir = options.distDir ?? join(packageDir, 'dist');
  const inRepo = relative(ctx.repoRoot, distDir);
  const shown = inRepo && !inRepo.startsWith('..') ? inRepo : distDir;
  if (!(await stat(distDir).catch(() => undefined))?.isDirectory()) {
    throw new OpsError('OPS_BUILD_MISSING', `${app}: no build at ${shown}; run \`pnpm build\` first`);
  }
  const warnings = await validateBuild(app, directoryReader(distDir), shown);
  const version = options.version ?? (await computeVersion(distDir, await readPackageVersion(packageDir)));

  const digest = await digestTree(distDir);
  let outcome: PublishResult['outcome'] = 'published';
  if ((await ctx.store.putVersion(app, version, distDir)) === 'exists') {
    // The same version with other content means a tampered store or a reused name: refuse, never overwrite.
    if ((await ctx.store.versionDigest(app, version)) !== digest) {
      throw new OpsError(
        'OPS_VERSION_CONFLICT',
        `${app} ${version} is already published with different content; published versions are never overwritten`,
      );
    }
    outcome = 'already-published';
  }
  for (const warning of warnings) ctx.log?.(`warning: ${warning}`);
  ctx.log?.(`${app} ${version}: ${outcome}`);
  return { app, version, outcome, warnings };
}

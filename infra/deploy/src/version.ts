import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { digestTree } from './file-tree';

/** Length of the content hash in a version: 10 hex digits = 40 bits, plenty for one app's builds. */
const HASH_LENGTH = 10;

/** `<package version>-<first 10 hex of sha256 over the dist files>`: same build, same version. */
export async function computeVersion(distDir: string, packageVersion: string): Promise<string> {
  const digest = await digestTree(distDir);
  // semver's `+build` suffix would be the natural separator, but `+` is not safe in a URL path segment.
  return `${packageVersion.replace(/\+/g, '-')}-${digest.slice(0, HASH_LENGTH)}`;
}

/** The `version` of the package.json in `packageDir`, or `0.0.0` when there is none. */
export async function readPackageVersion(packageDir: string): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' && pkg.version !== '' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

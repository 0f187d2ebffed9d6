import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** Relative paths (with `/`) of every file under `root`, sorted so that digests are stable. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(entry.parentPath, entry.name);
    // stat (not the dirent) so that a symlinked file counts as the file it points to.
    if ((await stat(full)).isFile()) files.push(full.slice(root.length + 1).split(sep).join('/'));
  }
  // Plain code-unit order, not localeCompare: the digest must not depend on the machine's locale.
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** sha256 (hex) over the paths and contents of every file under `root`. */
export async function digestTree(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(root)) {
    const content = await readFile(join(root, file));
    // Path and length delimit each file, so moving bytes between files changes the digest.
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

import { stat } from 'node:fs/promises';

/** True when `path` is a regular file. */
export async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

import { open, rm, stat } from 'node:fs/promises';
import { OpsError } from './errors';

/** How long a lock may be held before another process assumes its holder crashed. */
const STALE_AFTER_MS = 30_000;
const RETRY_EVERY_MS = 20;

/** Runs `work` while holding an exclusive lock file (created with O_EXCL, so it works across processes). */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStale(lockPath)) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new OpsError(
          'OPS_LOCK_TIMEOUT',
          `another ops command holds ${lockPath}; try again, or delete the file if no ops command is running`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS + Math.random() * RETRY_EVERY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > STALE_AFTER_MS;
  } catch {
    return false; // released between our open and our stat: just retry
  }
}

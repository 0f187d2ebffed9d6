import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../cache-policy';
import { isFile } from '../is-file';
import type { LiveShell } from '../live-shell';
import { safeRelativePath } from '../safe-path';

/**
 * `/static/*`: the live shell's hashed assets, cached forever. A file missing from the live version is
 * looked for in older published shells, so a tab opened before a shell deploy can still load its lazy
 * chunks; hashed names mean an old file can never be mistaken for a new one.
 */
export function staticRoute(scope: FastifyInstance, shell: LiveShell): void {
  scope.get<{ Params: { '*': string } }>('/static/*', async (request, reply) => {
    const file = safeRelativePath(request.params['*']);
    if (file === undefined) return reply.callNotFound();
    const path = `static/${file}`;
    const live = await shell.liveShellDir();
    if (live && (await isFile(join(live, path)))) return reply.sendFile(path, live, IMMUTABLE);
    for (const dir of await shell.olderShellDirs()) {
      if (await isFile(join(dir, path))) return reply.sendFile(path, dir, IMMUTABLE);
    }
    return reply.callNotFound();
  });
}

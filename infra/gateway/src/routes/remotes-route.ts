import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { storeLayout } from '@portal/deploy';
import { BuildVersionSchema, RemoteNameSchema } from '@portal/shared/schemas';
import { IMMUTABLE } from '../cache-policy';
import { safeRelativePath } from '../safe-path';

type RemoteParams = { name: string; version: string; '*': string };

/** `/remotes/<name>/<version>/*`: published remote builds, cached forever, readable cross-origin. */
export function remotesRoute(scope: FastifyInstance, storeDir: string): void {
  const layout = storeLayout(storeDir);

  scope.get<{ Params: RemoteParams }>('/remotes/:name/:version/*', async (request, reply) => {
    // The federation runtime fetches mf-manifest.json, and a shell on another origin (a CDN, a dev
    // server) loads remotes from here, so every response may be read cross-origin.
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    const { name, version } = request.params;
    const file = safeRelativePath(request.params['*']);
    if (!v.is(RemoteNameSchema, name) || !v.is(BuildVersionSchema, version) || file === undefined) {
      return reply.callNotFound();
    }
    return reply.sendFile(file, layout.versionDir(name, version), IMMUTABLE);
  });

  scope.options('/remotes/*', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', '*')
      .header('access-control-max-age', '86400')
      .send(),
  );
}

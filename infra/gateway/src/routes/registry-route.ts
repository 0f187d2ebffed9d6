import type { FastifyInstance } from 'fastify';
import { DirectoryStore } from '@portal/deploy';
import type { Registry } from '@portal/shared/schemas';
import { NEVER_STORE } from '../cache-policy';
import type { LiveShell } from '../live-shell';
import { hasCanary, registryFor } from '../registry-view';
import { bucketIdentity } from '../request-identity';

/**
 * `GET /registry/<environment>.json`: the live pointers as this browser should see them. With a canary
 * running, the gateway decides per request which version of that remote the browser gets, sticky per
 * organisation, user or visitor cookie (docs/decisions/006); the `canary` fields never leave the gateway.
 */
export function registryRoute(scope: FastifyInstance, storeDir: string, shell: LiveShell, environment: string): void {
  const store = new DirectoryStore(storeDir);

  scope.get<{ Params: { file: string } }>('/registry/:file', async (request, reply) => {
    // Personal per cookie: never stored by a browser or a shared cache.
    reply.header('cache-control', NEVER_STORE).header('access-control-allow-origin', '*').header('vary', 'cookie');
    const name = /^([a-z][a-z0-9-]{0,31})\.json$/.exec(request.params.file)?.[1];
    let registry: Registry | undefined;
    try {
      // This gateway's environment is cached per file change; others are read on demand.
      registry = name === environment ? await shell.registry() : name ? await store.readRegistry(name) : undefined;
    } catch (error) {
      request.log.error({ err: error, environment: name }, 'registry unreadable');
      return reply.code(503).type('text/plain; charset=utf-8').send('Registry unreadable');
    }
    if (!registry) return reply.code(404).type('text/plain; charset=utf-8').send('No such registry');
    if (!hasCanary(registry)) return reply.type('application/json; charset=utf-8').send(registry);
    const identity = bucketIdentity(request.headers.cookie, request.protocol === 'https');
    if (identity.setCookie) reply.header('set-cookie', identity.setCookie);
    return reply.type('application/json; charset=utf-8').send(registryFor(registry, identity.id));
  });
}

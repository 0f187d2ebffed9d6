import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { storeLayout } from '@portal/deploy';
import { NEVER_STORE } from '../cache-policy';

/** `GET /registry/<environment>.json`: the live pointers, read from the store on every request. */
export function registryRoute(scope: FastifyInstance, storeDir: string): void {
  const layout = storeLayout(storeDir);
  scope.get<{ Params: { file: string } }>('/registry/:file', async (request, reply) => {
    reply.header('cache-control', NEVER_STORE).header('access-control-allow-origin', '*');
    const environment = /^([a-z][a-z0-9-]{0,31})\.json$/.exec(request.params.file)?.[1];
    const text = environment && (await readFile(layout.registryFile(environment), 'utf8').catch(() => undefined));
    if (!text) return reply.code(404).type('text/plain; charset=utf-8').send('No such registry');
    return reply.type('application/json; charset=utf-8').send(text);
  });
}

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { EnvironmentNameSchema } from '@portal/shared/schemas';
import { DEFAULT_VERSION_POLL_MS } from './env';
import { createLiveShell, type OAuthClient } from './live-shell';
import { COMMON_SECURITY_HEADERS } from './page-security';
import { createShellFiles } from './page-files';
import { createFirstScreenData } from './first-screen-data';
import { createRemoteFirstFiles } from './remote-first-files';
import { pagesRoute } from './routes/pages-route';
import { registryRoute } from './routes/registry-route';
import { remotesRoute } from './routes/remotes-route';
import { staticRoute } from './routes/static-route';
import { createStoredManifests } from './stored-manifest';

/** Options of `registerGateway`. */
export interface GatewayOptions {
  /** The deploy store: `remotes/`, `shell/` and `registry/` (see docs/decisions/003). */
  storeDir: string;
  /** The environment whose shell this gateway serves (its registry picks the versions). */
  environment: string;
  /** Interval of the open tabs' registry poll, written into index.html; default 60 000 ms. */
  versionPollMs?: number;
  /** The browser's OAuth client, written into index.html for the shell's token client. */
  oauthClient?: OAuthClient;
  /** Where the gateway logs; defaults to the instance's logger. */
  logger?: FastifyBaseLogger;
}

/**
 * Adds the portal's front door to an existing Fastify instance (the API service's, whose routes live
 * in a plugin under /api): the registry, the versioned remotes, the shell's assets, and as the
 * not-found handler of the root prefix the shell's index.html for every page path. It all sits in one
 * encapsulated plugin with no prefix: the paths are at the root, while its compression and static-file
 * decorators never clash with plugins the API registers.
 */
export async function registerGateway(app: FastifyInstance, options: GatewayOptions): Promise<void> {
  const environment = v.parse(EnvironmentNameSchema, options.environment);
  const log = options.logger ?? app.log;
  const shell = createLiveShell(options.storeDir, environment, log, {
    versionPollMs: options.versionPollMs ?? DEFAULT_VERSION_POLL_MS,
    ...(options.oauthClient ? { oauthClient: options.oauthClient } : {}),
  });

  await app.register(async (scope) => {
    await scope.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      // What is not pre-compressed (the registry, a file without copies): quality 11 (the default)
      // costs ~10x the CPU of 5 for a few percent, per request on a 2-core machine.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    // serve: false: we route ourselves (per version, with fallbacks) and only use reply.sendFile.
    // preCompressed: a build's `x.js.br` / `x.js.gz` (brotli 11, gzip 9, made at build time, decision
    // 033) is sent as it is to a browser that accepts it; without a copy the file goes through the
    // compression above.
    await scope.register(fastifyStatic, { root: options.storeDir, serve: false, preCompressed: true });
    scope.addHook('onSend', async (_request, reply) => {
      reply.headers(COMMON_SECURITY_HEADERS);
    });
    registryRoute(scope, options.storeDir, shell, environment);
    remotesRoute(scope, options.storeDir);
    staticRoute(scope, shell);
    // One reader of the stored manifests for the page's manifest block and the remote's file hints.
    const manifests = createStoredManifests(options.storeDir);
    // The page's data blocks ask the API on this same instance, in process, as the shell would over HTTP.
    const firstScreenData = createFirstScreenData((url, headers) => app.inject({ method: 'GET', url, headers: { ...headers, accept: 'application/json' } }), manifests);
    pagesRoute(scope, shell, environment, createRemoteFirstFiles(options.storeDir, manifests), firstScreenData, createShellFiles(options.storeDir));
  });
}

export { isKnownPagePath, LOCALES, ROUTE_PREFIXES } from './known-routes';

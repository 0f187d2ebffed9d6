import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { REVALIDATE } from '../cache-policy';
import { isFile } from '../is-file';
import { isKnownPagePath, isUnprefixedPagePath } from '../known-routes';
import type { LiveShell } from '../live-shell';
import { requestLocale } from '../locale-redirect';
import { negotiatePageEncoding } from '../page-encoding';
import { pageContentSecurityPolicy } from '../page-security';

// Paths that never get the shell: files (a miss is a plain 404) and the API (in case it has no
// not-found handler of its own, an unknown API path must not answer with HTML).
const NOT_PAGES = /^\/(remotes|static|registry|api)(\/|$)/;

/**
 * Everything no route matched: the shell's index.html (the shell routes on the client), 200 under a
 * known route prefix and 404 elsewhere, so crawlers and monitors get the right status while people
 * still see the shell's translated 404 page; files at the root of the shell's build (favicon.ico).
 * It is the not-found handler rather than a `/*` route so that unknown /api paths still reach the
 * API's own not-found handler (Fastify picks the one of the closest prefix).
 */
export function pagesRoute(scope: FastifyInstance, shell: LiveShell, environment: string): void {
  scope.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const plain404 = () => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_PAGES.test(pathname)) return plain404();

    const rootFile = /^\/([A-Za-z0-9][A-Za-z0-9._-]*\.[A-Za-z0-9]+)$/.exec(pathname)?.[1];
    const live = await shell.liveShellDir();
    if (live && rootFile && rootFile !== 'index.html' && (await isFile(join(live, rootFile)))) {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile(rootFile, live, { cacheControl: false });
    }

    // A page without its language prefix (`/products`, an old bookmark, a typed address): send it to
    // the visitor's language. Varies with the cookie and the languages it was decided from.
    if (isUnprefixedPagePath(pathname)) {
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-language');
      return reply.redirect(`/${requestLocale(request)}${request.url}`, 302);
    }

    const known = isKnownPagePath(pathname);
    reply.header('cache-control', REVALIDATE);
    // Crawlers get a cheap, unambiguous 404: no shell to fetch and no soft 404 to guess at.
    if (!known && isbot(request.headers['user-agent'])) return plain404();

    const encoding = negotiatePageEncoding(request.headers['accept-encoding']);
    const page = await shell.indexPage(encoding);
    if (page === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `Nothing is deployed in "${environment}" yet: run \`pnpm build\`, then ` +
            `\`pnpm ops publish-all --env ${environment}\`.`,
        );
    }
    reply.header('vary', 'accept-encoding');
    reply.header('content-security-policy', pageContentSecurityPolicy(await shell.registry()));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(known ? 200 : 404).type('text/html; charset=utf-8').send(page);
  });
}

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { PERSONAL_PAGE, REVALIDATE } from '../cache-policy';
import { firstScreenHints, firstScreenHtml, linkHeader } from '../first-screen';
import type { FirstScreenDataSource } from '../first-screen-data';
import { isFile } from '../is-file';
import { isKnownPagePath, isUnprefixedPagePath } from '../known-routes';
import type { LiveShell } from '../live-shell';
import { requestLocale } from '../locale-redirect';
import { negotiatePageEncoding } from '../page-encoding';
import { pageContentSecurityPolicy } from '../page-security';
import type { ShellFiles } from '../page-files';
import type { RemoteFirstFiles } from '../remote-first-files';
import { hasCanary, registryFor } from '../registry-view';
import { bucketIdentity, hasSessionCookie } from '../request-identity';

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
export function pagesRoute(
  scope: FastifyInstance,
  shell: LiveShell,
  environment: string,
  remoteFiles: (manifestUrl: string) => Promise<RemoteFirstFiles>,
  firstScreenData: FirstScreenDataSource,
  shellFiles?: (version: string) => Promise<ShellFiles>,
): void {
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

    // The first screen's data and hints (decisions 024 and 027): the registry exactly as GET /registry/…
    // would answer this caller (same canary bucket, same cookie), the texts, route rules and remote
    // manifest the path's first render reads, and hints for the files it needs.
    const registry = await shell.registry();
    let head = '';
    if (registry) {
      let view = registry;
      if (hasCanary(registry)) {
        const identity = bucketIdentity(request.headers.cookie, request.protocol === 'https');
        if (identity.setCookie) reply.header('set-cookie', identity.setCookie);
        view = registryFor(registry, identity.id);
      }
      const search = request.url.slice(pathname.length);
      const firstScreen = { pathname, search, hostname: request.hostname, hasSession: hasSessionCookie(request.headers.cookie) };
      const [allHints, data] = await Promise.all([firstScreenHints(view, firstScreen, remoteFiles, shellFiles), firstScreenData(view, firstScreen)]);
      // What the page carries as a data block (decision 027) is not fetched: its hint goes.
      const hints = allHints.filter(({ href }) => !data.inlined.has(href));
      head = firstScreenHtml(view, hints) + data.html;
      const link = linkHeader(hints);
      if (link) reply.header('link', link);
    }
    const encoding = negotiatePageEncoding(request.headers['accept-encoding']);
    const page = await shell.indexPage(encoding, head);
    if (page === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `Nothing is deployed in "${environment}" yet: run \`pnpm build\`, then ` +
            `\`pnpm ops publish-all --env ${environment}\`.`,
        );
    }
    reply.header('cache-control', PERSONAL_PAGE).header('vary', 'accept-encoding, cookie');
    reply.header('content-security-policy', pageContentSecurityPolicy(registry));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(known ? 200 : 404).type('text/html; charset=utf-8').send(page);
  });
}

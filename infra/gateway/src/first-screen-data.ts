// The first screen's data written into index.html as JSON data blocks (issue 18, decision 027): the
// server-managed texts and the route rules of the path, exactly as the API answers them, and the
// route's remote manifest as published. The shell reads each block once at start instead of fetching
// it, so the first render waits for no request the page could have carried. Whatever cannot be had
// (an API error, an unreadable manifest) is left out and its preload hint stays: the page never fails
// for its data.
import type { LightMyRequestResponse } from 'fastify';
import {
  REMOTE_MANIFEST_BLOCK_ID,
  ROUTE_RULES_BLOCK_ID,
  routeRulesUrl,
  TRANSLATIONS_BLOCK_ID,
  TRANSLATIONS_URL,
  type RemoteManifestBlock,
  type RouteRulesBlock,
} from '@portal/shared/routing';
import type { Registry } from '@portal/shared/schemas';
import { catalogFirstPageBlock } from './catalog-first-page';
import { firstRemote, type FirstScreenRequest } from './first-screen';
import { apiJson } from './api-json';
import { jsonDataBlock } from './json-in-html';
import { cachePublicAnswers } from './public-answer-cache';

/**
 * A GET of the API in the same process (`app.inject`): the same validation, caching and body as over
 * HTTP; `headers` are the request's own (the catalog's shop and language), never the caller's cookies.
 */
export type ApiGet = (url: string, headers?: Record<string, string>) => Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body'> & Partial<Pick<LightMyRequestResponse, 'headers'>>>;

/** The data blocks of one page and the URLs they stand in for (whose preload hints the page then leaves out). */
export interface FirstScreenData {
  html: string;
  inlined: Set<string>;
}

/**
 * Makes the data blocks of a page. The texts and the route rules come from the API's own routes
 * (anonymous, as the shell asks for them: neither answer depends on the caller, the locale or a
 * cookie); the manifest from the store, as GET of its URL would serve it.
 */
export function createFirstScreenData(get: ApiGet, storedManifest: (manifestUrl: string) => Promise<unknown>) {
  // The texts are the same for every page until they change: their block is built once per answer.
  let texts: { body: string; html: string } | undefined;
  // The shop's first page: public catalogue answers, kept as long as they say (public-answer-cache.ts).
  const catalogGet = cachePublicAnswers(get);
  async function translationsBlock(): Promise<string | undefined> {
    try {
      const res = await get(TRANSLATIONS_URL);
      if (res.statusCode !== 200) return undefined;
      if (texts?.body !== res.body) texts = { body: res.body, html: jsonDataBlock(TRANSLATIONS_BLOCK_ID, JSON.parse(res.body)) };
      return texts.html;
    } catch {
      return undefined;
    }
  }

  async function routeRulesBlock(path: string): Promise<string | undefined> {
    const rule = await apiJson(get, routeRulesUrl(path));
    return rule === undefined ? undefined : jsonDataBlock(ROUTE_RULES_BLOCK_ID, { path, rule } satisfies RouteRulesBlock);
  }

  async function manifestBlock(url: string | undefined): Promise<string | undefined> {
    const manifest = url === undefined ? undefined : await storedManifest(url);
    return manifest === undefined ? undefined : jsonDataBlock(REMOTE_MANIFEST_BLOCK_ID, { url: url!, manifest } satisfies RemoteManifestBlock);
  }

  return async function firstScreenData(registry: Registry, request: FirstScreenRequest): Promise<FirstScreenData> {
    const remote = firstRemote(request.pathname, request.hasSession);
    const manifestUrl = remote === undefined ? undefined : registry.remotes[remote]?.manifest;
    const rulesUrl = routeRulesUrl(request.pathname);
    const [texts, rules, manifest, shopPage] = await Promise.all([
      translationsBlock(),
      routeRulesBlock(request.pathname),
      manifestBlock(manifestUrl),
      // The public shop's first page (decision 030): no hint stands for it, the catalog fetches it without one.
      catalogFirstPageBlock(catalogGet, { search: '', hostname: '', ...request }),
    ]);
    const inlined = new Set<string>();
    if (texts) inlined.add(TRANSLATIONS_URL);
    if (rules) inlined.add(rulesUrl);
    if (manifest) inlined.add(manifestUrl!);
    return { html: [texts, rules, manifest, shopPage].filter(Boolean).join(''), inlined };
  };
}

export type FirstScreenDataSource = ReturnType<typeof createFirstScreenData>;

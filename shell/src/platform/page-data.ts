// The first screen's data the gateway writes into index.html as `<script type="application/json">`
// blocks (decision 027): the server texts, the route rules of the page's path and the route's remote
// manifest. Each block is used once, at start; a page without it (a dev server's), a block that does
// not parse or one for another path or URL gives undefined, and the caller fetches as before.
import {
  REMOTE_MANIFEST_BLOCK_ID,
  ROUTE_RULES_BLOCK_ID,
  TRANSLATIONS_BLOCK_ID,
  type RemoteManifestBlock,
  type RouteRulesBlock,
} from '@portal/shared/routing';

/** The JSON of the page's data block `id`, removed from the page (a later read fetches), or undefined. */
export function takePageData(id: string, doc: Document = document): unknown {
  const block = doc.getElementById(id);
  if (!block?.textContent) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent) as unknown;
  } catch (error) {
    console.warn(`[page-data] the page's ${id} block is unreadable; fetching instead`, error);
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The body of GET /api/v1/translations as the page carries it, or undefined. */
export function takeInlineTranslations(doc: Document = document): unknown {
  return takePageData(TRANSLATIONS_BLOCK_ID, doc);
}

/** The route rules of `path` as the page carries them (the body of GET /api/v1/route-rules), or undefined. */
export function takeInlineRouteRule(path: string, doc: Document = document): unknown {
  const block = takePageData(ROUTE_RULES_BLOCK_ID, doc) as Partial<RouteRulesBlock> | undefined;
  return isObject(block) && block.path === path ? block.rule : undefined;
}

const absolute = (url: string, doc: Document) => new URL(url, doc.baseURI).href;

/**
 * The remote manifest at `url` as the page carries it, or undefined. The block is only taken when its
 * URL is the one asked for: the federation runtime may fetch another remote's manifest first.
 */
export function takeInlineManifest(url: string, doc: Document = document): unknown {
  const element = doc.getElementById(REMOTE_MANIFEST_BLOCK_ID);
  if (!element) return undefined;
  const text = element.textContent ?? '';
  // Parsed on each look until taken: the runtime asks for a handful of manifests at most.
  let block: Partial<RemoteManifestBlock> | undefined;
  try {
    block = JSON.parse(text) as Partial<RemoteManifestBlock>;
  } catch {
    block = undefined;
  }
  if (!isObject(block) || typeof block.url !== 'string') {
    element.remove();
    return undefined;
  }
  if (absolute(block.url, doc) !== absolute(url, doc)) return undefined;
  element.remove();
  return isObject(block.manifest) ? block.manifest : undefined;
}

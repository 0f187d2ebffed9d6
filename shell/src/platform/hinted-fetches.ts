// The gateway lists in index.html, as `<link rel="preload" as="fetch" crossorigin="anonymous">`, the
// JSON the first screen needs (the server texts, the path's route rules, the route's remote manifest;
// docs/decisions/024). The browser starts them with the HTML; main.ts asks for them again here with a
// plain `fetch()` (same mode, credentials and headers as the hint, so the browser hands over the
// preloaded response instead of fetching twice) and keeps the promise for whoever needs it first.
// This module runs before the federation's async boundary: it must not import shared packages.

const started = new Map<string, Promise<Response>>();

const key = (url: string) => new URL(url, document.baseURI).href;

/** Starts a fetch for every `fetch` preload hint of the page (none on a dev server's page). */
export function startHintedFetches(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const href = link.getAttribute('href');
    if (!href || started.has(key(href))) continue;
    const pending = fetch(href);
    // Its taker sees a failure and fetches the usual way; an untaken one must not be reported as unhandled.
    pending.catch(() => undefined);
    started.set(key(href), pending);
  }
}

/**
 * The hinted fetch of `url`, handed out once (a body is read once); undefined when the page had no
 * hint for it, and the caller fetches as it always did.
 */
export function takeHintedFetch(url: string): Promise<Response> | undefined {
  const k = key(url);
  const pending = started.get(k);
  started.delete(k);
  return pending;
}

/** A hinted fetch's JSON, or undefined (no hint, a failed fetch, an error status): the caller then fetches itself. */
export async function takeHintedJson(url: string): Promise<unknown> {
  const response = await takeHintedFetch(url)?.catch(() => undefined);
  if (!response?.ok) return undefined;
  return response.json().catch(() => undefined);
}

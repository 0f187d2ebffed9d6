// The public shop's first page (decision 030) asks the API for the catalogue on every visitor's shop
// page. Those answers say they are the same for every visitor for a while (`public, max-age=60`), so
// the page keeps them as long as they say, as nginx or a browser may: the page then costs the
// database nothing for a popular shop page, and its HTML does not wait for a slow facet count (350 ms
// p95 at 1M products). Identical requests in flight share one call. Anything not `public` with a
// max-age, and every error, is never kept.
import type { ApiGet } from './first-screen-data';

type Answer = Awaited<ReturnType<ApiGet>>;

/** How long `cache-control` lets a shared cache keep the answer, in ms (0: not at all). */
export function publicMaxAgeMs(cacheControl: unknown): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : String(cacheControl ?? '');
  const directives = value.toLowerCase().split(',').map((d) => d.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'no-store' || d === 'private' || d === 'no-cache')) return 0;
  const maxAge = directives.map((d) => /^(?:s-maxage|max-age)=(\d+)$/.exec(d)?.[1]).find((n) => n !== undefined);
  return maxAge ? Number(maxAge) * 1000 : 0;
}

/** `get`, with its public answers kept per URL and headers for their max-age; at most `maxEntries`, least recently used first out. */
export function cachePublicAnswers(get: ApiGet, opts: { maxEntries?: number; now?: () => number } = {}): ApiGet {
  const { maxEntries = 200, now = Date.now } = opts;
  const entries = new Map<string, { expires: number; answer: Promise<Answer> }>();
  return (url, headers) => {
    const key = JSON.stringify([url, headers ?? {}]);
    const found = entries.get(key);
    if (found && found.expires > now()) {
      entries.delete(key);
      entries.set(key, found);
      return found.answer;
    }
    const answer = get(url, headers);
    const entry = { expires: Number.POSITIVE_INFINITY, answer };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    answer.then((res) => {
      const keep = res.statusCode === 200 ? publicMaxAgeMs(res.headers?.['cache-control']) : 0;
      if (keep > 0) entry.expires = now() + keep;
      else forget();
    }, forget);
    return answer;
  };
}

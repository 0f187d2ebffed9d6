// The body of an in-process API GET as JSON, for the page's data blocks: a block that cannot be had
// is left out (the page then fetches as before), so every failure reads as undefined.
import type { ApiGet } from './first-screen-data';

/** The body of a 200 answer as JSON, or undefined (an error status, a failed call, a body that is no JSON). */
export async function apiJson(get: ApiGet, url: string, headers?: Record<string, string>): Promise<unknown> {
  try {
    const res = await get(url, headers);
    return res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

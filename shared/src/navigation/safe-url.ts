/** URL schemes that are never navigated to: they run or embed code (spec section 2). */
export const REFUSED_PROTOCOLS = ['javascript:', 'data:', 'blob:', 'vbscript:'] as const;

/** Where a navigation target leads, or why it is refused. */
export type NavigationTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'refused'; reason: 'unsafe-protocol' | 'external-not-allowed' | 'invalid' };

/**
 * Classifies a navigation target against the page's origin. Internal targets come back as a path
 * (with search and hash); external ones only when explicitly allowed; code-running schemes never.
 */
export function classifyTarget(target: string, origin: string, { allowExternal = false } = {}): NavigationTarget {
  // The WHATWG URL parser drops tabs and newlines and leading control characters exactly as the
  // browser will when navigating, so "java\tscript:" is classified by the scheme it really has.
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  if ((REFUSED_PROTOCOLS as readonly string[]).includes(url.protocol)) return { kind: 'refused', reason: 'unsafe-protocol' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'refused', reason: 'unsafe-protocol' };
  if (url.origin === new URL(origin).origin) return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  return allowExternal ? { kind: 'external', url: url.href } : { kind: 'refused', reason: 'external-not-allowed' };
}

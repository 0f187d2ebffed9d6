// The page paths the portal knows, so that the gateway can answer 200 or 404 before the shell runs
// (crawlers and link checkers read the status, not the rendered "not found" page). Keep this list in
// step with the route table in ARCHITECTURE.md; the shell still renders its own 404 below a known prefix.

/** Locale prefixes the portal serves (xx is the pseudo-locale). */
export const LOCALES = ['en', 'nl', 'fr', 'xx'] as const;

/** First path segment (after the locale) of every page family. */
export const ROUTE_PREFIXES = [
  'auth',
  'user',
  'about',
  'contact',
  'my-orders',
  'example',
  'privacy-policy',
  'terms-and-conditions',
  'checkout',
  'my-products',
  'products',
  'quick-order',
  'quotations',
  'policies',
  'faq',
] as const;

const locales = new Set<string>(LOCALES);
const prefixes = new Set<string>(ROUTE_PREFIXES);

/** True for `/`, `/en`, and `[/<locale>]/<known prefix>[/…]`; the shell redirects unprefixed paths. */
export function isKnownPagePath(pathname: string): boolean {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return true;
  const [first, second] = segments;
  if (locales.has(first!)) return second === undefined || prefixes.has(second);
  return prefixes.has(first!);
}

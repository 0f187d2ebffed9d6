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
  'invoices',
  'policies',
  'faq',
  'newsletter',
] as const;

/**
 * Every page path below a locale prefix, `:param` for one segment: the shell's content pages and each
 * remote's routes (each remote's `src/routes.tsx`). A path below a known prefix that matches none of these is
 * the shell's 404 page and is served with status 404 (issue 19: `/en/auth/nope` answered 200).
 */
export const PAGE_ROUTES = [
  'auth', 'auth/login', 'auth/verify', 'auth/register', 'auth/reset-password', 'auth/forgot-password',
  'user', 'user/info', 'user/contract', 'user/users', 'user/users/new', 'user/users/:id',
  'about', 'contact', 'newsletter', 'example', 'faq', 'privacy-policy', 'terms-and-conditions',
  'my-orders', 'my-orders/:slug', 'quotations', 'quotations/:id', 'invoices', 'invoices/:id',
  'checkout', 'checkout/overview', 'checkout/extra-info', 'checkout/personal-info', 'checkout/order/:orderId',
  'my-products', 'my-products/:slug', 'products', 'products/:slug', 'quick-order',
  'policies/refund-policy', 'policies/return-policy', 'policies/general-policy', 'policies/privacy-policy',
  'policies/shipping-policy', 'policies/cookie-policy',
] as const;

const locales = new Set<string>(LOCALES);
const routes = PAGE_ROUTES.map((route) => route.split('/'));

/** Whether the segments after the locale name a page of the route table. */
function isPageRoute(segments: string[]): boolean {
  if (segments.length === 0) return true;
  return routes.some((route) => route.length === segments.length && route.every((part, i) => part.startsWith(':') || part === segments[i]));
}

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** True for `/`, `/en`, and `/<locale>/<a page of the route table>`. */
export function isKnownPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  if (segments.length === 0) return true;
  const [first, ...rest] = segments;
  return locales.has(first!) && isPageRoute(rest);
}

/**
 * A page path without its locale prefix (`/products`, `/my-orders/ord-1`): the spec serves every
 * route under a prefix, so these are redirected to the visitor's language rather than shown as a 404.
 */
export function isUnprefixedPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return segments.length > 0 && !locales.has(segments[0]!) && isPageRoute(segments);
}

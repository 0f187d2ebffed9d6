// Matching a portal path against the route table (pure functions, tested on their own).
import { ROUTE_LOCALES, type RouteMiddleware, type RouteRule } from '@portal/shared/schemas';

export interface StoredRule {
  pattern: string;
  redirectTo: string | null;
  redirectType: 'internal' | 'external' | null;
  redirectStatus: number | null;
  middleware: string[];
}

const KNOWN_MIDDLEWARE = new Set<string>(['auth', 'guest']);

/** Splits `/nl/my-orders/12/` into locale `nl` and path `/my-orders/12`. */
export function normalisePath(input: string): { locale: (typeof ROUTE_LOCALES)[number] | null; path: string } {
  let path = input.split(/[?#]/)[0] ?? '/';
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const segments = path.split('/').filter(Boolean);
  const first = segments[0];
  if (first && (ROUTE_LOCALES as readonly string[]).includes(first)) {
    return { locale: first as (typeof ROUTE_LOCALES)[number], path: `/${segments.slice(1).join('/')}` };
  }
  return { locale: null, path: path || '/' };
}

/** Captured `:params`, or null when the pattern does not match. `**` (last) matches the rest. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i]!;
    if (seg === '**') return i === want.length - 1 ? params : null;
    const got = have[i];
    if (got === undefined) return null;
    if (seg.startsWith(':')) params[seg.slice(1)] = got;
    else if (seg !== got) return null;
  }
  return have.length === want.length ? params : null;
}

/** Literal segments weigh most, then parameters; a catch-all weighs least. */
function specificity(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((score, seg) => score + (seg === '**' ? 1 : seg.startsWith(':') ? 100 : 10_000), 0);
}

export function resolveRoute(rules: StoredRule[], requested: string): RouteRule {
  const { locale, path } = normalisePath(requested);
  let best: { rule: StoredRule; params: Record<string, string>; score: number } | null = null;
  for (const rule of rules) {
    const params = matchPattern(rule.pattern, path);
    if (!params) continue;
    const score = specificity(rule.pattern);
    if (!best || score > best.score) best = { rule, params, score };
  }
  const result: RouteRule = { path, locale, pattern: null, redirect: null, middleware: [] };
  if (!best) return result;
  const { rule, params } = best;
  result.pattern = rule.pattern;
  result.middleware = rule.middleware.filter((m): m is RouteMiddleware => KNOWN_MIDDLEWARE.has(m));
  if (rule.redirectTo && rule.redirectType) {
    let to = rule.redirectTo.replace(/:(\w+)/g, (whole, name: string) => (params[name] !== undefined ? encodeURIComponent(params[name]) : whole));
    if (rule.redirectType === 'internal' && locale) to = `/${locale}${to === '/' ? '' : to}`;
    const status = [301, 302, 307, 308].includes(rule.redirectStatus ?? 0) ? (rule.redirectStatus as 301 | 302 | 307 | 308) : 302;
    result.redirect = { to, type: rule.redirectType, status };
  }
  return result;
}

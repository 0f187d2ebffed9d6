import * as v from 'valibot';

/**
 * Middleware names a route rule can carry:
 * `auth` = signed-in only (spec section 2), `guest` = only for visitors who are not signed in
 * (the auth pages send a signed-in user home).
 */
/** A redirect inside the portal (a path) or to another site (`redirects.type`). */
export const REDIRECT_TYPES = ['internal', 'external'] as const;

export const ROUTE_MIDDLEWARE = ['auth', 'guest'] as const;
export type RouteMiddleware = (typeof ROUTE_MIDDLEWARE)[number];

/** Locale prefixes every route is served under (spec section 2). */
export const ROUTE_LOCALES = ['en', 'nl', 'fr', 'xx'] as const;

/** A server-supplied redirect: `internal` stays in the portal, `external` leaves it. */
export const RouteRedirectSchema = v.object({
  /** Internal: a path (with the caller's locale prefix kept). External: an absolute https URL. */
  to: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  type: v.picklist(REDIRECT_TYPES),
  status: v.picklist([301, 302, 307, 308]),
});
export type RouteRedirect = v.InferOutput<typeof RouteRedirectSchema>;

/** Response of GET /api/v1/route-rules?path=… */
export const RouteRuleSchema = v.object({
  /** The path asked for, normalised (no query, no trailing slash). */
  path: v.string(),
  /** The locale prefix found in the path, if any. */
  locale: v.nullable(v.picklist(ROUTE_LOCALES)),
  /** The rule pattern that matched (e.g. `/my-orders/:slug`), or null when none did. */
  pattern: v.nullable(v.string()),
  redirect: v.nullable(RouteRedirectSchema),
  middleware: v.array(v.picklist(ROUTE_MIDDLEWARE)),
});
export type RouteRule = v.InferOutput<typeof RouteRuleSchema>;

/** Query of GET /api/v1/route-rules. */
export const RouteRulesQuerySchema = v.strictObject({
  path: v.pipe(
    v.string(),
    v.minLength(1, 'validation.required'),
    v.maxLength(2048),
    v.startsWith('/', 'validation.invalid_format'),
    // No protocol-relative `//host` paths, no control characters.
    v.check((path) => !path.startsWith('//'), 'validation.invalid_format'),
    v.check((path) => ![...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'validation.invalid_format'),
  ),
});
export type RouteRulesQuery = v.InferOutput<typeof RouteRulesQuerySchema>;

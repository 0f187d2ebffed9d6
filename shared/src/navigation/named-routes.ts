/** Named routes of the spec (section 2), relative to the locale prefix; `:param` placeholders. */
export const NAMED_ROUTES = {
  home: '',
  'auth-login': 'auth/login',
  'auth-verify': 'auth/verify',
  'auth-register': 'auth/register',
  'auth-reset-password': 'auth/reset-password',
  'auth-forgot-password': 'auth/forgot-password',
  'my-orders': 'my-orders',
  'my-orders-detail': 'my-orders/:slug',
  'my-products': 'my-products',
  'my-products-detail': 'my-products/:slug',
  'checkout-overview': 'checkout/overview',
  'checkout-order': 'checkout/order/:orderId',
  'user-info': 'user/info',
  'user-contract': 'user/contract',
} as const;

/** Name of a named route. */
export type RouteName = keyof typeof NAMED_ROUTES;

/** A route object to navigate to: a name, its parameters, and optional query and hash. */
export interface RouteLocation {
  name: RouteName;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  hash?: string;
}

/** Builds the locale-prefixed path of a route object; throws when a parameter is missing. */
export function pathOf({ name, params = {}, query, hash }: RouteLocation, locale: string): string {
  const path = NAMED_ROUTES[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = query
    ? new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()
    : '';
  return `/${locale}${path ? `/${path}` : ''}${search ? `?${search}` : ''}${hash ? `#${hash.replace(/^#/, '')}` : ''}`;
}

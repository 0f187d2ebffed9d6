import type { PortalRoute } from '../routing/remote-module';

/** One page of a remote's routes: a URL path below the locale, and its title key. */
export interface RoutePage {
  /** Path below `/:lang`, with `:params` filled with `sample` (`my-orders/sample`). */
  path: string;
  /** The route's `handle.titleKey`. */
  titleKey: string;
}

/** Every page of a remote's routes, for a route-level test that visits each. */
export function routePages(routes: PortalRoute[], sample = 'sample', base = ''): RoutePage[] {
  return routes.flatMap((route) => {
    const own = route.path ? route.path.replace(/:[^/]+/g, sample) : '';
    const path = [base, own].filter(Boolean).join('/');
    const here = route.handle?.titleKey ? [{ path, titleKey: route.handle.titleKey }] : [];
    return [...here, ...routePages(route.children ?? [], sample, path)];
  });
}

import { useCallback } from 'react';
import { useNavigate, useParams } from '../router';
import { classifyTarget } from './safe-url';
import { pathOf, type RouteLocation } from './named-routes';

/** How to navigate. */
export interface PortalNavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** Allow leaving the portal for another origin (refused otherwise). */
  allowExternal?: boolean;
}

/**
 * Navigation of the spec (section 2): to a path or a route object, with push or replace; external
 * targets refused unless allowed; javascript:, data:, blob: and vbscript: always refused. Returns
 * whether the navigation happened.
 */
export function usePortalNavigate(): (target: string | RouteLocation, options?: PortalNavigateOptions) => boolean {
  const navigate = useNavigate();
  const { lang = 'en' } = useParams();
  return useCallback(
    (target, { replace = false, allowExternal = false } = {}) => {
      const href = typeof target === 'string' ? target : pathOf(target, lang);
      const where = classifyTarget(href, globalThis.location.origin, { allowExternal });
      if (where.kind === 'refused') {
        console.warn(`[navigation] refused ${href}: ${where.reason}`);
        return false;
      }
      if (where.kind === 'external') {
        if (replace) globalThis.location.replace(where.url);
        else globalThis.location.assign(where.url);
        return true;
      }
      navigate(where.path, { replace });
      return true;
    },
    [navigate, lang],
  );
}

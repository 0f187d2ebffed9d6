import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from '@portal/shared/router';
import { publicApi } from '@portal/shared/api';
import { classifyTarget } from '@portal/shared/navigation';
import { routeRulesUrl } from '@portal/shared/routing';
import { RouteRuleSchema, type RouteRule } from '@portal/shared/schemas/platform';
import * as v from 'valibot';
import { takeHintedJson } from './hinted-fetches';
import { takeInlineRouteRule } from './page-data';
import { useSession } from '@portal/shared/session';

const cache = new Map<string, Promise<RouteRule | undefined>>();

function rulesFor(path: string): Promise<RouteRule | undefined> {
  let pending = cache.get(path);
  if (!pending) {
    // The page's own path: the page carries its rules (decision 027), or the gateway's hint started
    // their fetch with the HTML (decision 024).
    const inline = v.safeParse(RouteRuleSchema, takeInlineRouteRule(path));
    pending = (inline.success ? Promise.resolve(inline.output) : takeHintedJson(routeRulesUrl(path)))
      .then((hinted) => {
        const parsed = hinted === undefined ? undefined : v.safeParse(RouteRuleSchema, hinted);
        return parsed?.success ? parsed.output : publicApi().get('/route-rules', { query: { path }, schema: RouteRuleSchema });
      })
      .catch((error: unknown) => {
        // Route rules refine navigation; without them the shell's own rules still apply.
        cache.delete(path);
        console.warn('[route-rules] lookup failed', error);
        return undefined;
      });
    cache.set(path, pending);
  }
  return pending;
}

/**
 * Honours the server's rules for the current path (spec section 7): a redirect (an external one
 * leaves the application) and middleware such as `auth` (signed-in only) or `guest`.
 */
export function RouteRulesWatch() {
  const location = useLocation();
  const navigate = useNavigate();
  const { lang = 'en' } = useParams();
  const signedIn = useSession((s) => s.isSignedIn);
  useEffect(() => {
    let live = true;
    void rulesFor(location.pathname).then((rules) => {
      if (!live || !rules) return;
      const redirect = rules.redirect;
      if (redirect?.type === 'external') {
        // Even a server-supplied target must not run code (javascript:, data:, …).
        const target = classifyTarget(redirect.to, window.location.origin, { allowExternal: true });
        if (target.kind === 'external') window.location.assign(target.url);
        else console.warn(`[route-rules] refused redirect to ${redirect.to}`);
        return;
      }
      if (redirect) {
        navigate(`${redirect.to}${location.search}${location.hash}`, { replace: true });
        return;
      }
      if (rules.middleware.includes('auth') && !signedIn) {
        navigate(`/${lang}/auth/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
      } else if (rules.middleware.includes('guest') && signedIn) {
        // Signed in on a guest page (the login page right after sign-in): where the buyer was going.
        const back = new URLSearchParams(location.search).get('redirect');
        navigate(back && back.startsWith('/') && !back.startsWith('//') && !back.includes('\\') ? back : `/${lang}`, { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [location.pathname, location.search, location.hash, navigate, lang, signedIn]);
  return null;
}

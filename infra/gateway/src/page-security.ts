// The security headers of the portal's pages (issue 16, decision 016). The shell's HTML gets a strict
// Content-Security-Policy: scripts only from the portal's own origin and from the origins the registry
// names for remotes (Module Federation loads each remote's manifest with fetch and its code with
// script tags), no inline script, no eval, no plugins, no framing. 'wasm-unsafe-eval' lets a page
// compile WebAssembly (the camera's code reader, decision 075) and nothing else: JavaScript eval
// stays refused. The policy is the whole page's: a single-page app keeps the policy it loaded with. Styles allow inline because
// Mantine sets style attributes and writes its CSS variables into a <style> element; a style cannot
// run code, which is what the policy is for.
import type { Registry } from '@portal/shared/schemas';

/** Headers every answer of the gateway carries. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

/** The origin of an absolute http(s) URL, or undefined for a path on the portal's own origin. */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Origins of every remote manifest the registry names, live and canary, sorted. */
export function remoteOrigins(registry: Registry | undefined): string[] {
  if (!registry) return [];
  const origins = new Set<string>();
  for (const remote of Object.values(registry.remotes)) {
    for (const manifest of [remote.manifest, remote.canary?.manifest]) {
      const origin = manifest === undefined ? undefined : originOf(manifest);
      if (origin) origins.add(origin);
    }
  }
  return [...origins].sort();
}

/** The Content-Security-Policy of the shell's HTML for this registry. */
export function pageContentSecurityPolicy(registry: Registry | undefined): string {
  const remotes = remoteOrigins(registry);
  const own = (...extra: string[]) => ["'self'", ...extra, ...remotes].join(' ');
  return [
    "default-src 'self'",
    `script-src ${own("'wasm-unsafe-eval'")}`,
    `connect-src ${own()}`,
    `style-src ${own("'unsafe-inline'")}`,
    `img-src ${own('data:', 'blob:')}`,
    `font-src ${own('data:')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

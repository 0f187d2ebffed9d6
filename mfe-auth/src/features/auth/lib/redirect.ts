/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site (starts
 * with one `/`, no backslash or scheme tricks), else the locale's home.
 */
export function safeRedirect(redirect: string | null | undefined, locale: string): string {
  const home = `/${locale}`;
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return home;
  try {
    const url = new URL(redirect, 'https://portal.invalid');
    if (url.origin !== 'https://portal.invalid') return home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return home;
  }
}

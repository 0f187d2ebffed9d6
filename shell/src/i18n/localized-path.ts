import type { Locale } from '@portal/shared/i18n';
import { useLocale } from '@portal/shared/navigation';

/** Prefixes an app path (`/my-orders`) with the current locale (`/nl/my-orders`). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => `/${locale}${path === '/' ? '' : path}`;
}

/** The same page in another locale: swaps the first path segment. */
export function switchLocaleInPath(pathname: string, to: Locale): string {
  const [, , ...rest] = pathname.split('/');
  return `/${to}${rest.length ? `/${rest.join('/')}` : ''}`;
}

import type { FastifyRequest } from 'fastify';
import { detectLocale, LOCALE_COOKIE_NAME, type Locale } from '@portal/shared/i18n';

/** Language tags of an Accept-Language header, most preferred first (`nl-BE,nl;q=0.9,en;q=0.8`). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The stored language cookie's value, if the request has one. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The language a first visit gets, decided as the shell decides it (spec section 2): the stored
 * language cookie, then the browser's languages, else English.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  return detectLocale({
    cookie: cookieValue(request.headers.cookie, LOCALE_COOKIE_NAME),
    navigatorLanguages: acceptedLanguages(request.headers['accept-language']),
  });
}

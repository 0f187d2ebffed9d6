/** Name of the cookie that remembers the visitor's chosen locale. */
export const LOCALE_COOKIE_NAME = 'locale';

/** How long the locale cookie lives, in days (spec section 9). */
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

/** js-cookie attributes of the locale cookie: one year, SameSite lax, whole site. */
export const LOCALE_COOKIE_ATTRIBUTES = {
  expires: LOCALE_COOKIE_MAX_AGE_DAYS,
  sameSite: 'lax',
  path: '/',
} as const;

import type { MailLocale } from '@portal/shared/schemas';
import { mailLocale } from '../common/outbox';

/**
 * The language of the interface that made the request (its Accept-Language, which the portal's
 * clients set to the page's language), or undefined without one we can write in. Mail that a click
 * in the interface causes (a sign-in code, a reset link) is written in it rather than in the
 * language stored on the account: the person reading the screen is the one reading the mail.
 * The pseudo-locale xx reads English, as its texts do.
 */
export function interfaceLocale(acceptLanguage: string | undefined): MailLocale | undefined {
  const primary = (acceptLanguage ?? '').split(',')[0]?.trim().split(/[-;]/)[0]?.toLowerCase();
  if (primary === 'xx') return 'en';
  return primary === 'en' || primary === 'nl' || primary === 'fr' ? mailLocale(primary) : undefined;
}

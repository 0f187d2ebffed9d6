import type { Locale } from '../../i18n/locales';
import type { Messages } from '../../i18n/message';
import { pseudoMessages } from '../../i18n/pseudo-message';
import en from './messages/en.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';

/** Key of a status label (`status.order.delivered`). */
export type StatusMessageKey = keyof typeof en;

/**
 * The labels of the status badges in a locale. A remote that shows badges merges them under its
 * own messages in its `loadMessages`; they are kept out of the shell's start-up messages so that
 * pages without a badge (the sign-in screens) do not download them. `xx` shows them pseudo-localised.
 */
export function getStatusMessages(locale: Locale): Messages {
  if (locale === 'xx') return pseudoMessages(en);
  return { en, nl, fr }[locale];
}

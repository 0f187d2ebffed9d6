import type { Locale } from './locales';
import type { Messages } from './message';
import { pseudoMessages } from './pseudo-message';

/**
 * The shared catalog of each locale as a lazy chunk, named like the shell's own messages chunk of
 * that locale so that the shell's build puts both in one file: a page downloads its locale's shared
 * texts with the shell's, in the request the gateway already hints, and never the other locales'
 * (docs/decisions/029). The placeholder locale pseudo-localises the English.
 */
const chunks: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ './messages/en.json'),
  nl: () => import(/* webpackChunkName: "messages-nl" */ './messages/nl.json'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './messages/fr.json'),
  xx: () => import(/* webpackChunkName: "messages-xx" */ './messages/en.json'),
};

/** The shared messages (design system, validation, generic errors) of a locale; `xx` shows the English pseudo-localised. */
export async function loadSharedMessages(locale: Locale): Promise<Messages> {
  const catalog = (await chunks[locale]()).default;
  return locale === 'xx' ? pseudoMessages(catalog) : catalog;
}

import * as v from 'valibot';
import { TranslationListSchema } from '@portal/shared/schemas/platform';
import { pseudoServerText, type Locale } from '@portal/shared/i18n';
import { TRANSLATIONS_URL } from '@portal/shared/routing';
import { takeHintedJson } from '../platform/hinted-fetches';
import { takeInlineTranslations } from '../platform/page-data';

let cache: Promise<v.InferOutput<typeof TranslationListSchema>> | undefined;

/**
 * Server-managed texts (policy bodies, SEO descriptions) for a locale. A failed fetch is logged
 * only (spec section 8): the portal goes on with its built-in messages.
 */
export async function loadServerTexts(locale: Locale): Promise<Record<string, string>> {
  // The page carries them (decision 027), or the gateway's hint started their fetch with the HTML
  // (decision 024); without either, or if they are unusable, fetch now.
  cache ??= (async () => {
    const inline = v.safeParse(TranslationListSchema, takeInlineTranslations());
    if (inline.success) return inline.output;
    const body =
      (await takeHintedJson(TRANSLATIONS_URL)) ??
      (await fetch(TRANSLATIONS_URL, { headers: { Accept: 'application/json' } }).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      }));
    return v.parse(TranslationListSchema, body);
  })();
  try {
    const entries = await cache;
    // The pseudo-locale has no server texts of its own: it shows the English ones pseudo-localised,
    // like every other text on an xx page (FAQ, policies and SEO titles were plain English there).
    if (locale === 'xx') return Object.fromEntries(entries.map((entry) => [entry.key, pseudoServerText(entry.en)]));
    return Object.fromEntries(entries.map((entry) => [entry.key, entry[locale]]));
  } catch (error) {
    cache = undefined;
    console.warn('[i18n] could not load translations from the API', error);
    return {};
  }
}

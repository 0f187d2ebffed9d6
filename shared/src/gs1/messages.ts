// Texts of the GS1 error codes in en, nl and fr, loaded by the screens that scan (not on every first
// screen, as the shared catalog is): merge them into the route's react-intl messages.
type Gs1Messages = Record<string, string>;

const CHUNKS: Record<'en' | 'nl' | 'fr', () => Promise<{ default: Gs1Messages }>> = {
  en: () => import(/* webpackChunkName: "gs1-messages-en" */ './messages/en.json'),
  nl: () => import(/* webpackChunkName: "gs1-messages-nl" */ './messages/nl.json'),
  fr: () => import(/* webpackChunkName: "gs1-messages-fr" */ './messages/fr.json'),
};

/** The GS1 error texts of a locale (`gs1.error.<CODE>`, value `{ai}`); English for any other locale. */
export async function loadGs1Messages(locale: string): Promise<Gs1Messages> {
  const load = CHUNKS[locale as keyof typeof CHUNKS] ?? CHUNKS.en;
  return (await load()).default;
}

// Scan to order's shared texts (the camera dialog and what a scan came to) in en, nl and fr. They load
// with a scanning screen, never on a first screen (decision 068), like the GS1 parser's error texts.
import type { Messages } from '@portal/shared/routing';

const CHUNKS: Record<'en' | 'nl' | 'fr', () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "scan-messages-en" */ './messages/en.json'),
  nl: () => import(/* webpackChunkName: "scan-messages-nl" */ './messages/nl.json'),
  fr: () => import(/* webpackChunkName: "scan-messages-fr" */ './messages/fr.json'),
};

/** The scan texts of a locale (`scan.*`); English for any other locale (the pseudo locale too, as GS1's). */
export async function loadScanMessages(locale: string): Promise<Messages> {
  const load = CHUNKS[locale as keyof typeof CHUNKS] ?? CHUNKS.en;
  return (await load()).default;
}

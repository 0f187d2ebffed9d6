import { literalMessage, type Messages } from '@portal/shared/i18n';

/**
 * ICU syntax: an argument or plural (`{`, `}`), a rich-text tag (`<`, `>`), or a quoted apostrophe
 * (`''`). A text without any of these is, to react-intl, one literal: itself.
 */
const ICU_SYNTAX = /[{}<>]|''/;

/**
 * The server-managed texts (GET /api/v1/translations: policy bodies, SEO titles and descriptions) as
 * react-intl messages. Production pages ship react-intl without its ICU parser (decision 029): a
 * text without ICU syntax (every seeded one) becomes the literal it would parse to; a text with
 * syntax stays a string, and the real parser is loaded once (its own chunk) and handed to react-intl
 * before the texts are used, so an editor's `{count}` or `<b>` still formats.
 */
export async function serverMessages(texts: Readonly<Record<string, string>>): Promise<Messages> {
  const entries = Object.entries(texts);
  if (entries.some(([, text]) => ICU_SYNTAX.test(text))) {
    const { enableRuntimeParser } = await import('./runtime-parser');
    enableRuntimeParser();
  }
  return Object.fromEntries(entries.map(([key, text]) => [key, ICU_SYNTAX.test(text) ? text : literalMessage(text)]));
}

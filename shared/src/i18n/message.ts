import type { MessageFormatElement } from 'react-intl';

/**
 * One message as react-intl takes it: ICU text (the catalogs in the repository, tests, dev servers),
 * or the AST it compiles to. Production builds compile the catalogs at build time and ship
 * react-intl without its parser (docs/decisions/029), so there a catalog's values are ASTs.
 */
export type Message = string | MessageFormatElement[];

/** Flat react-intl messages of one locale, id -> message. */
export type Messages = Readonly<Record<string, Message>>;

/**
 * A text as a message that needs no parser: one literal element. This is what the build compiles a
 * text without ICU syntax to, and the form react-intl formats without parsing.
 */
export function literalMessage(text: string): MessageFormatElement[] {
  // 0 is TYPE.literal; the enum lives in the parser package, which pages do not load.
  return [{ type: 0, value: text }];
}

/**
 * The plain text of a message that has no ICU syntax (a literal, compiled or not), for readers that
 * need the source text rather than a formatted one (the content pages' Markdown); `undefined` for a
 * message with arguments, plurals or tags.
 */
export function messageText(message: Message | undefined): string | undefined {
  if (typeof message === 'string') return message;
  if (!message || !message.every((element) => element.type === 0)) return undefined;
  return message.map((element) => (element.type === 0 ? element.value : '')).join('');
}

/**
 * A catalog as IntlProvider's `messages` prop. react-intl types that prop as all texts or all ASTs,
 * but takes each message as either at run time, and a production page mixes them (compiled
 * catalogs, server texts with ICU syntax, decision 029).
 */
export function providerMessages(messages: Messages): Record<string, string> {
  return messages as Record<string, string>;
}

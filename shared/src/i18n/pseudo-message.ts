import type { MessageFormatElement } from 'react-intl';
import type { Message, Messages } from './message';

// The placeholder locale `xx` shows every text accented and bracketed ("[Ìƞ şŧǿƈķ]"), like the
// remotes' xx.json that formatjs writes at build time (infra/build/src/i18n/pseudo.mjs). The shared
// catalogs and the server's texts are not built per remote, so they are pseudo-localised here, at
// run time: a tester sees at once that a text went through react-intl, and a raw key
// (`status.order.delivered`) on an xx page is a bug again, never the expected look.
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'];
const ACCENTED: ReadonlyMap<string, string> = new Map([...PLAIN].map((letter, index) => [letter, ACCENTS[index] ?? letter]));

/** A plain text with every ASCII letter accented. */
export function accentText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED.get(letter) ?? letter);
}

/**
 * An ICU text with the letters of its literal parts accented: argument names, plural and select
 * keys, number and date styles and tag names are kept, so react-intl formats it like the English.
 * A `{` in text opens an argument; a `{` inside an argument opens one of its options' texts.
 */
function accentIcu(text: string): string {
  const contexts: ('text' | 'argument')[] = ['text'];
  let inTag = false;
  let out = '';
  for (const char of text) {
    const context = contexts[contexts.length - 1];
    if (char === '{') contexts.push(context === 'text' ? 'argument' : 'text');
    else if (char === '}') contexts.pop();
    else if (context === 'text' && char === '<') inTag = true;
    else if (inTag && char === '>') inTag = false;
    out += context === 'text' && !inTag && char !== '{' && char !== '}' ? accentText(char) : char;
  }
  return out;
}

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    // 0 literal, 5 select, 6 plural, 8 tag (the enum lives in the parser package, which pages do not load).
    if (element.type === 0) return { ...element, value: accentText(element.value) };
    if (element.type === 5 || element.type === 6) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: accentElements(option.value) }]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === 8) return { ...element, children: accentElements(element.children) };
    return element;
  });
}

/** One message (ICU text or compiled AST) pseudo-localised: letters accented, the whole bracketed. */
export function pseudoMessage(message: Message): Message {
  if (typeof message === 'string') return `[${accentIcu(message)}]`;
  return [{ type: 0, value: '[' }, ...accentElements(message), { type: 0, value: ']' }] as MessageFormatElement[];
}

/**
 * A server-managed text (policy body in Markdown, FAQ answer, SEO title) as the placeholder locale
 * shows it: its words accented, while link targets, bare addresses and code keep their letters. A
 * one-line text is bracketed like a message; a Markdown body is not, so its first `#` heading stays
 * a heading.
 */
export function pseudoServerText(text: string): string {
  const parts = text.split(/(\]\([^)]*\)|https?:\/\/\S+|`[^`]*`)/);
  const accented = parts.map((part, index) => (index % 2 === 1 ? part : accentIcu(part))).join('');
  return text.includes('\n') ? accented : `[${accented}]`;
}

/** A catalog as the placeholder locale shows it: every message pseudo-localised, no key as text. */
export function pseudoMessages(catalog: Messages): Messages {
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, pseudoMessage(message)]));
}

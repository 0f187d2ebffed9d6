// French typography: a colon, semicolon, question or exclamation mark is preceded by a space that
// must not break ("Prix : croissant"). An ordinary space lets the mark wrap alone onto the next line,
// which is what a French reader notices (issue 19). The colon takes a no-break space (U+00A0), the
// other marks a narrow no-break space (U+202F), as the Imprimerie nationale's rules have it.
import { readFileSync, writeFileSync } from 'node:fs';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
/** An ordinary space (or a run of them) before one of the high punctuation marks. */
const BREAKABLE_BEFORE_MARK = / +([:;?!])/g;

/** The marks in `text` preceded by a breakable space, with some context for the message. */
export function breakableSpacesBeforeMarks(text) {
  return [...text.matchAll(BREAKABLE_BEFORE_MARK)].map((m) => text.slice(Math.max(0, m.index - 12), m.index + m[0].length));
}

/** `text` with each breakable space before a high punctuation mark made non-breaking. */
export function fixFrenchSpacing(text) {
  return text.replace(BREAKABLE_BEFORE_MARK, (_all, mark) => (mark === ':' ? NBSP : NNBSP) + mark);
}

/**
 * Rewrites a fr.json in place with fixed spacing.
 * @returns {number} how many messages changed
 */
export function fixFrenchFile(file) {
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  let changed = 0;
  for (const [id, text] of Object.entries(messages)) {
    const fixed = fixFrenchSpacing(text);
    if (fixed !== text) {
      messages[id] = fixed;
      changed += 1;
    }
  }
  if (changed) writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
  return changed;
}

// GS1 Digital Link URIs (GS1 Digital Link standard 1.x, URI syntax): any domain and path prefix,
// then `/{primary key AI}/{value}` with its key qualifiers in the dictionary's order, then data
// attributes as `?{AI}={value}`. Values are percent-decoded once, as UTF-8.
import { fail, GS1_ERRORS } from './errors';
import { aiRow } from './table';

const URI_CHARACTERS = /^[-A-Za-z0-9._~!$&'()*+,;=:@%/?]*$/;

export interface DlElement {
  ai: string;
  value: string;
}

function decode(part: string, ai?: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return fail(GS1_ERRORS.digitalLinkEscape, { ai, detail: part });
  }
}

/** Whether `qualifiers` follow one of the key's allowed sequences, in order, each at most once. */
function qualifiersAllowed(sequences: readonly (readonly string[])[], qualifiers: string[]): boolean {
  return sequences.some((sequence) => {
    let at = 0;
    return qualifiers.every((ai) => {
      const found = sequence.indexOf(ai, at);
      if (found === -1) return false;
      at = found + 1;
      return true;
    });
  });
}

/**
 * The path's AI pairs, read from the end: the rightmost primary key whose following pairs are its
 * qualifiers in an allowed order (so a stem such as `/00/faux/` before the key is ignored, as GS1's engine does).
 */
function pathPairs(segments: string[]): DlElement[] {
  let misordered: string | undefined;
  for (let start = segments.length - 2; start >= 0; start -= 2) {
    const ai = segments[start]!;
    if (!/^\d{2,4}$/.test(ai) || !aiRow(ai)) break;
    const row = aiRow(ai)!;
    if (!row.dlpkey) continue;
    const qualifiers = segments.filter((_, i) => i > start && (i - start) % 2 === 0);
    if (!qualifiersAllowed(row.dlpkey, qualifiers)) {
      misordered ??= ai;
      continue;
    }
    const pairs: DlElement[] = [];
    for (let i = start; i < segments.length; i += 2) pairs.push({ ai: segments[i]!, value: decode(segments[i + 1]!, segments[i]) });
    return pairs;
  }
  if (misordered) fail(GS1_ERRORS.digitalLinkQualifiers, { ai: misordered });
  return fail(GS1_ERRORS.digitalLinkInvalid, { detail: 'no primary key in the path' });
}

/** A zero-suppressed GTIN-8, -12 or -13 in a path is read as its GTIN-14. */
function widenGtin(pair: DlElement): DlElement {
  return pair.ai === '01' && /^(\d{8}|\d{12,13})$/.test(pair.value) ? { ...pair, value: pair.value.padStart(14, '0') } : pair;
}

/** The AIs of a Digital Link URI: path pairs, then query attributes; other query keys are ignored. */
export function splitDigitalLink(uri: string): DlElement[] {
  const m = /^(?:https?|HTTPS?):\/\/[^/?#]+(\/[^?#]*)?(\?[^#]*)?(#.*)?$/.exec(uri);
  if (!m) fail(GS1_ERRORS.digitalLinkInvalid, { detail: 'not a URI' });
  // Only characters a URI may carry as they are: `"`, `<`, `{`, a space... must come percent-escaped.
  if (!URI_CHARACTERS.test((m[1] ?? '') + (m[2] ?? ''))) fail(GS1_ERRORS.digitalLinkInvalid, { detail: 'unescaped character' });
  const segments = (m[1] ?? '').split('/').slice(1);
  const elements = pathPairs(segments).map(widenGtin);
  // A key qualifier of the path's key (10 for a GTIN) belongs in the path, never in the query.
  const qualifiers = aiRow(elements[0]!.ai)!.dlpkey!.flat();
  for (const param of (m[2] ?? '').slice(1).split('&')) {
    if (!param) continue;
    const eq = param.indexOf('=');
    const key = eq === -1 ? param : param.slice(0, eq);
    if (!/^\d+$/.test(key)) continue;
    const row = aiRow(key);
    if (!row) fail(GS1_ERRORS.unknownAi, { ai: key });
    if (!row.dl || qualifiers.includes(key)) fail(GS1_ERRORS.digitalLinkAttribute, { ai: key });
    // In the query `+` is a space (and no AI value holds a space); in the path it is a `+`.
    elements.push({ ai: key, value: decode(eq === -1 ? '' : param.slice(eq + 1).replaceAll('+', ' '), key) });
  }
  return elements;
}

// The dictionary's pairings over a whole message: duplicates, `req=` and `ex=`.
import { fail, GS1_ERRORS } from './errors';
import { aiRow, matchesPattern } from './table';

interface Placed {
  ai: string;
  value: string;
  position?: number;
}

/** The elements without exact repeats; a repeated AI with another value is refused. */
export function dedupe<T extends Placed>(elements: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const element of elements) {
    const before = seen.get(element.ai);
    if (before && before.value !== element.value) {
      fail(GS1_ERRORS.duplicateAi, { ai: element.ai, position: element.position });
    }
    if (!before) seen.set(element.ai, element);
  }
  return [...seen.values()];
}

/** Refuses a message where an AI lacks what it requires or sits beside an AI it excludes. */
export function checkAssociations(elements: readonly Placed[]): void {
  const ais = elements.map((e) => e.ai);
  const present = (pattern: string) => ais.some((ai) => matchesPattern(ai, pattern));
  for (const { ai, position } of elements) {
    const row = aiRow(ai)!;
    for (const pattern of row.ex) {
      const other = ais.find((x) => x !== ai && matchesPattern(x, pattern));
      if (other) fail(GS1_ERRORS.exclusiveAis, { ai, position, detail: `${ai} excludes ${other}` });
    }
    for (const alternatives of row.req) {
      if (!alternatives.some((all) => all.every(present))) {
        const wanted = alternatives.map((all) => all.join('+')).join(', ');
        fail(GS1_ERRORS.requiredAiMissing, { ai, position, detail: `${ai} requires one of ${wanted}` });
      }
    }
  }
}

// Test helper: a valid value for every dictionary entry, and the AIs that make a message with it
// complete (its `req=`, without an `ex=` clash). Derived from the generated table, so every entry
// added to the dictionary is tested without a line here.
import type { AiComponent, AiRow } from './ai-row';
import { gs1CheckDigit } from './check-digit';
import { gs1CheckPair } from './linters';
import { aiRow, matchesPattern } from './table';

/** A valid value of each linter's component, at the component's length where the linter allows any. */
const BY_LINTER: Record<string, (length: number) => string> = {
  yymmd0: () => '261200',
  yymmdd: () => '261231',
  yyyymmd0: () => '20261231',
  yyyymmdd: () => '20261231',
  hhmi: () => '2359',
  hh: () => '23',
  mi: () => '59',
  ss: () => '59',
  iso3166: () => '056',
  iso3166999: () => '999',
  iso3166alpha2: () => 'BE',
  iso4217: () => '978',
  iso5218: () => '2',
  packagetype: () => 'BX',
  mediatype: () => '80',
  importeridx: () => '_',
  yesno: () => '1',
  hyphen: () => '-',
  zero: () => '0',
  winding: () => '9',
  latitude: () => '1800000000',
  longitude: () => '3600000000',
  pieceoftotal: () => '0204',
  posinseqslash: () => '2/3',
  iban: () => 'BE71096123456769',
  // Values GS1's engine's own tests accept (fixtures/coupon-vectors.txt).
  couponcode: () => '012345612345611110123',
  couponposoffer: () => '001234561234560123456',
  csum: (length) => {
    const body = '9506000134352'.padEnd(length - 1, '7').slice(0, length - 1);
    return body + gs1CheckDigit(body);
  },
  csumalpha: (length) => {
    const body = '9506000ABC'.padEnd(length - 2, 'z').slice(0, length - 2);
    return body + gs1CheckPair(body);
  },
};

export const FILLER = { N: '1', X: 'a', Y: 'A', Z: 'b' } as const;

function componentSample([type, , max, , linters]: AiComponent): string {
  const lint = linters.find((name) => BY_LINTER[name]);
  if (lint) return BY_LINTER[lint]!(max);
  // gcppos1 without a length-setting linter: a GS1 Company Prefix, then filler.
  const prefix = linters.includes('gcppos1') ? '9506000' : '';
  return (prefix + FILLER[type].repeat(max)).slice(0, max);
}

/** A valid value: every component, optional ones included, at its longest where nothing narrows it. */
export function sampleValue(row: AiRow): string {
  return row.spec.map(componentSample).join('');
}

/** A value one character longer than the format allows. */
export function overLongValue(row: AiRow): string {
  const max = row.spec.reduce((sum, c) => sum + c[2], 0);
  return sampleValue(row).padEnd(max + 1, FILLER[row.spec[row.spec.length - 1]![0]]);
}

/** A character outside the first component's set. */
export function wrongCharacter(row: AiRow): string {
  return row.spec[0]![0] === 'N' ? 'A' : ' ';
}

/** The AIs (patterns made concrete) that satisfy every `req=` of `ais`, with no `ex=` clash, or null. */
export function completeMessage(ais: string[], depth = 0): string[] | null {
  if (depth > 6) return null;
  for (const ai of ais) {
    for (const alternatives of aiRow(ai)!.req) {
      if (alternatives.some((all) => all.every((p) => ais.some((x) => matchesPattern(x, p))))) continue;
      for (const all of alternatives) {
        const added = all.map((p) => p.replaceAll('n', '0')).filter((x) => !ais.includes(x));
        const next = [...ais, ...added];
        if (clashes(next)) continue;
        const done = completeMessage(next, depth + 1);
        if (done) return done;
      }
      return null;
    }
  }
  return ais;
}

function clashes(ais: string[]): boolean {
  return ais.some((ai) => aiRow(ai)!.ex.some((p) => ais.some((x) => x !== ai && matchesPattern(x, p))));
}

// The recalls tests' pieces (decision 074): GTINs no other test uses, a recall's texts in the three
// languages, and an open request.
import { randomInt } from 'node:crypto';
import { gs1CheckDigit } from '@portal/shared/gs1';

/** A GTIN-13 with its check digit, unique enough that each test recalls its own units; answered as GTIN-14. */
export function freshGtin(): { gtin13: string; gtin14: string } {
  const body = `54${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
  const gtin13 = `${body}${gs1CheckDigit(body)}`;
  return { gtin13, gtin14: `0${gtin13}` };
}

export const RECALL_TEXT = {
  reason: { en: 'Sterile barrier may be compromised', nl: 'Steriele barrière mogelijk beschadigd', fr: 'Barrière stérile peut-être compromise' },
  instructions: { en: 'Stop using and return', nl: 'Niet meer gebruiken en terugsturen', fr: 'Cesser l’utilisation et renvoyer' },
};

/** A valid open request for `gtin` with `criteria` (lots, serial_numbers, expiry range, reference). */
export const openRecall = (gtin: string, criteria: Record<string, unknown>) => ({ kind: 'recall', gtin, ...RECALL_TEXT, ...criteria });

// Catalogue sales units as UN/ECE Recommendation 20 (and 21, the `X…` packaging codes) unit codes,
// the only units EN 16931 accepts (BR-CL-23). Rec 20 has no plain "box" or "bag": BX and BG are not
// in the norm's list, so packages use Rec 21's XBX, XBG, … (decision 046).

const UNIT_CODES: Record<string, string> = {
  piece: 'H87',
  pieces: 'H87',
  pc: 'H87',
  pcs: 'H87',
  unit: 'C62',
  each: 'C62',
  pair: 'PR',
  set: 'SET',
  dozen: 'DZN',
  box: 'XBX',
  pack: 'XPK',
  package: 'XPK',
  bag: 'XBG',
  bottle: 'XBO',
  roll: 'XRO',
  tube: 'XTU',
  sachet: 'XSA',
  carton: 'XCT',
  kg: 'KGM',
  kilogram: 'KGM',
  g: 'GRM',
  gram: 'GRM',
  l: 'LTR',
  litre: 'LTR',
  liter: 'LTR',
  ml: 'MLT',
  m: 'MTR',
  metre: 'MTR',
  meter: 'MTR',
};

/** The Rec 20/21 code of a catalogue unit; `C62` ("one") for a unit the portal does not know. */
export function unitCode(catalogueUnit: string): string {
  return UNIT_CODES[catalogueUnit.trim().toLowerCase()] ?? 'C62';
}

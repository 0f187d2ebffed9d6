// How a document prints a shipped line's lot, expiry date and serial numbers (decision 070): with the
// symbols' abbreviations of ISO 15223-1 that the devices' own labels carry (LOT, EXP, SN), the same
// in every language, so the buyer matches the paper to the box.

/** `LOT L2403 · EXP 2028-03-31 · SN SN-1, SN-2`; the parts that are known. */
export function unitMarking(unit: { lot: string | null; expiryOn: string | null; serialNumbers: readonly string[] }): string {
  return [unit.lot ? `LOT ${unit.lot}` : null, unit.expiryOn ? `EXP ${unit.expiryOn}` : null, unit.serialNumbers.length ? `SN ${unit.serialNumbers.join(', ')}` : null]
    .filter(Boolean)
    .join(' · ');
}

// Whether a VAT number has the form of its member state, so an intra-community supply (category K)
// is only invoiced to a buyer whose number could be valid. Whether the number is registered is
// checked in VIES when the organisation is recorded, not here (decision 046): issuing stays pure.

const EU_MEMBER_STATES = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** Patterns after the prefix for the member states the portal sells to most; others by a loose form. */
const PATTERNS: Record<string, RegExp> = {
  BE: /^[01]\d{9}$/,
  NL: /^\d{9}B\d{2}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  DE: /^\d{9}$/,
  LU: /^\d{8}$/,
};

export const isEuMemberState = (country: string) => EU_MEMBER_STATES.has(country.toUpperCase());

/** Greece's VAT numbers start with EL, its ISO code is GR. */
const vatPrefix = (country: string) => (country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase());

/** True when `vatNumber` carries `country`'s prefix and has that member state's form. */
export function isPlausibleVatNumber(vatNumber: string | null, country: string): boolean {
  if (!vatNumber) return false;
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = vatPrefix(country);
  if (!compact.startsWith(prefix)) return false;
  const rest = compact.slice(2);
  const pattern = PATTERNS[prefix] ?? /^[0-9A-Z]{8,12}$/;
  if (!pattern.test(rest)) return false;
  // Belgian numbers carry their own mod-97 check (the enterprise number's).
  if (prefix === 'BE') return 97 - Number(BigInt(rest.slice(0, 8)) % 97n) === Number(rest.slice(8));
  return true;
}

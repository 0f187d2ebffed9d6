// Writes shared/src/schemas/phone-metadata.json: libphonenumber-js's own `metadata.min.json`
// reduced to the European calling codes the portal serves (docs/decisions/021). The full metadata
// covers 245 countries (~83 KB raw) and ships to every page with a phone field; the portal's
// customers are in the EU, the EEA, Switzerland and the United Kingdom.
// Run after upgrading libphonenumber-js: `node shared/scripts/phone-metadata.mjs`
// (a unit test fails while the committed file differs from what this script makes).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** EU member states, then the EEA (Iceland, Liechtenstein, Norway), Switzerland and the UK. */
export const PHONE_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  'IS', 'LI', 'NO', 'CH', 'GB',
];

/**
 * The metadata of every calling code one of `countries` uses. A calling code keeps all the regions
 * that share it (+44: GB, GG, IM, JE; +358: FI, AX), because the library reads the first one as the
 * code's main country and tells the others apart with its patterns.
 */
export function subsetMetadata(full, countries = PHONE_COUNTRIES) {
  const country_calling_codes = {};
  const kept = {};
  for (const [code, regions] of Object.entries(full.country_calling_codes)) {
    if (!regions.some((region) => countries.includes(region))) continue;
    country_calling_codes[code] = regions;
    for (const region of regions) kept[region] = full.countries[region];
  }
  return { version: full.version, country_calling_codes, countries: kept, nonGeographic: {} };
}

export function fullMetadata() {
  return createRequire(import.meta.url)('libphonenumber-js/metadata.min.json');
}

export const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'schemas', 'phone-metadata.json');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, `${JSON.stringify(subsetMetadata(fullMetadata()))}\n`);
  console.log(`wrote ${OUTPUT}`);
}

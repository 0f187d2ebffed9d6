// The phone validator runs on a European subset of libphonenumber-js's metadata (decision 021).
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without types
import { fullMetadata, OUTPUT, PHONE_COUNTRIES, subsetMetadata } from '../../scripts/phone-metadata.mjs';
import { isValidPhone, PhoneSchema } from './phone';

describe('phone metadata subset', () => {
  it('is what the script makes from the installed libphonenumber-js (run it after an upgrade)', () => {
    expect(JSON.parse(readFileSync(OUTPUT, 'utf8'))).toEqual(subsetMetadata(fullMetadata()));
  });

  it('covers every country an address can be in, and each European country served', () => {
    const { countries } = JSON.parse(readFileSync(OUTPUT, 'utf8')) as { countries: Record<string, unknown> };
    for (const country of [...(PHONE_COUNTRIES as string[]), 'BE', 'NL', 'LU', 'FR', 'DE']) expect(countries).toHaveProperty(country);
  });

  it('accepts European numbers and normalises them to E.164', () => {
    expect(v.parse(PhoneSchema, '0470 12 34 56')).toBe('+32470123456');
    for (const n of ['+31 20 123 4567', '+352 621 123 456', '+33 1 23 45 67 89', '+49 30 1234567', '+44 20 7946 0958', '+41 44 668 18 00']) {
      expect(isValidPhone(n), n).toBe(true);
    }
  });

  it('refuses numbers of calling codes outside Europe (the cost of the subset)', () => {
    for (const n of ['+1 212 555 0123', '+61 2 9374 4000', '+971 4 123 4567']) expect(isValidPhone(n), n).toBe(false);
  });
});

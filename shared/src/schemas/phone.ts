import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';

// Its own file: libphonenumber-js is the heaviest validator, and screens without a phone field
// (sign-in) must not download it (docs/decisions/001).

/** Country whose numbering plan applies to a phone number typed without a country code. */
export const DEFAULT_PHONE_COUNTRY = 'BE';

/**
 * Whether a phone number is valid (Belgian when written without +country). The default
 * libphonenumber-js metadata checks length and prefixes, not full number ranges: the full
 * metadata is ~3x bigger and this schema ships to every browser.
 */
export function isValidPhone(value: string): boolean {
  return isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY);
}

/** A phone number; the output is normalised to E.164 (`0470 12 34 56` -> `+32470123456`). */
export const PhoneSchema = v.pipe(
  inputString(M.required),
  v.trim(),
  v.nonEmpty(M.required),
  v.check(isValidPhone, M.invalidPhone),
  v.transform((value) => parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY)?.number ?? value),
);

import { isValidPhoneNumber, parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import * as v from 'valibot';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import metadata from './phone-metadata.json';

// Its own file: libphonenumber-js is the heaviest validator, and screens without a phone field
// (sign-in) must not download it (docs/decisions/001). It runs on `libphonenumber-js/core` with
// the metadata of the European calling codes only (phone-metadata.json, made by
// shared/scripts/phone-metadata.mjs from the package's own metadata): 5 KB gzip instead of 19 KB.
// A number of another calling code (+1, +61, +971...) is refused as invalid (docs/decisions/021).

const METADATA = metadata as unknown as MetadataJson;

/** Country whose numbering plan applies to a phone number typed without a country code. */
export const DEFAULT_PHONE_COUNTRY = 'BE';

/**
 * Whether a phone number is valid (Belgian when written without +country). The "min" metadata
 * checks length and prefixes, not full number ranges: the full metadata is ~3x bigger and this
 * schema ships to every browser with a phone field.
 */
export function isValidPhone(value: string): boolean {
  return isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY, METADATA);
}

/** A valid number in E.164 (`0470 12 34 56` -> `+32470123456`); the input when it cannot parse. */
export function normalisePhone(value: string): string {
  return parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY, METADATA)?.number ?? value;
}

/** A phone number; the output is normalised to E.164 (`0470 12 34 56` -> `+32470123456`). */
export const PhoneSchema = v.pipe(
  inputString(M.required),
  v.trim(),
  v.nonEmpty(M.required),
  v.check(isValidPhone, M.invalidPhone),
  v.transform(normalisePhone),
);

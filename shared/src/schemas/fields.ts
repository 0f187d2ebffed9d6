// Reusable field schemas. Every message is a MESSAGE_KEYS key, never a text.
import * as v from 'valibot';
import { MESSAGE_KEYS as M } from './messages';

/** Whether a string holds a NUL character (U+0000). */
export const hasNul = (s: string) => s.includes('\u0000');

/**
 * Whether a string holds half of a surrogate pair on its own (U+D800 to U+DFFF unpaired): it is not
 * Unicode text, and PostgreSQL's jsonb refuses its escape (a mail payload that quotes it failed).
 */
export const hasLoneSurrogate = (s: string) => /[\uD800-\uDFFF]/u.test(s);

/**
 * The base of every string the API reads (body, query, path and form fields): a string without NUL
 * and without a lone surrogate. No real value has one, PostgreSQL text cannot hold a NUL and jsonb
 * cannot hold a lone surrogate, so both are refused here, once, with a field error (400
 * VALIDATION_FAILED), instead of failing in the database as a 500.
 */
export function inputString(message?: string) {
  return v.pipe(v.string(message), v.check((s: string) => !hasNul(s) && !hasLoneSurrogate(s), M.invalidText));
}

/** A trimmed, non-empty string of at most `max` characters. */
export function requiredText(max = 255) {
  return v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, M.tooBigString));
}

/** A trimmed string of at most `max` characters that may be left empty (missing becomes ''). */
export function optionalText(max = 255) {
  return v.optional(v.pipe(inputString(M.invalidText), v.trim(), v.maxLength(max, M.tooBigString)), '');
}

/** A nullable free-text value as the API sends it (display data, not form input). */
export const NullableTextSchema = v.nullable(v.string());

/** An email address, trimmed and lower-cased. */
export const EmailSchema = v.pipe(
  inputString(M.required),
  v.trim(),
  v.nonEmpty(M.required),
  v.maxLength(320, M.tooBigString),
  v.email(M.invalidEmail),
  v.toLowerCase(),
);


/**
 * Whether `YYYY-MM-DD` names a day that exists. valibot's `isoDate` checks the shape only, so
 * 2026-02-30 passed and reached PostgreSQL's date cast as a 500: a round trip through a UTC date
 * (which rolls Feb 30 over to Mar 2) tells a real day from an impossible one. `setUTCFullYear`
 * rather than `Date.UTC`, which reads years 0 to 99 as 1900 to 1999; year 0 does not exist in
 * PostgreSQL (1 BC comes before AD 1), so it is refused too.
 */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A timestamp as the API sends it: ISO 8601 with time and offset, on a day that exists (`isoTimestamp`
 * refuses 25:61 but, like `isoDate`, not February 30).
 */
export const TimestampSchema = v.pipe(v.string(M.invalidDatetime), v.isoTimestamp(M.invalidDatetime), v.check(isRealDay, M.invalidDatetime));

/** A calendar date as the API sends and reads it: `YYYY-MM-DD`, a day that exists (not 2026-02-30). */
export const IsoDateSchema = v.pipe(v.string(M.invalidDate), v.isoDate(M.invalidDate), v.check(isRealDay, M.invalidDate));

/** An id as the API sends it (responses). Ids the API reads are {@link UuidSchema}. */
export const IdSchema = v.pipe(v.string(), v.nonEmpty(M.required));

/**
 * An id the API reads (body, query or path): every primary key is a UUID, so anything else is
 * refused here with a field error (400 VALIDATION_FAILED) instead of failing SQL's uuid cast (500).
 * `message` is the one for a missing or empty value (e.g. "Select an address").
 */
export function uuidInput(message: string = M.required) {
  return v.pipe(inputString(message), v.nonEmpty(message), v.uuid(M.invalidUuid));
}

/** {@link uuidInput} with the default "required" message. */
export const UuidSchema = uuidInput();

/** A checkbox that must be ticked; `message` says which agreement is missing. */
export function mustBeTicked(message: string) {
  return v.literal(true, message);
}

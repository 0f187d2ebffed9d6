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

/** An http(s) URL. */
export const UrlSchema = v.pipe(inputString(M.required), v.trim(), v.url(M.invalidUrl), v.maxLength(2048, M.tooBigString));

/** A timestamp as the API sends it: ISO 8601 with time and offset. */
export const TimestampSchema = v.pipe(v.string(M.invalidDatetime), v.isoTimestamp(M.invalidDatetime));

/** A calendar date as the API sends it: `YYYY-MM-DD`. */
export const IsoDateSchema = v.pipe(v.string(M.invalidDate), v.isoDate(M.invalidDate));

/** An id as the API sends it. */
export const IdSchema = v.pipe(v.string(), v.nonEmpty(M.required));

/** A checkbox that must be ticked; `message` says which agreement is missing. */
export function mustBeTicked(message: string) {
  return v.literal(true, message);
}

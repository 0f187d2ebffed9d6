import * as v from 'valibot';
import { inputString } from './fields';

/** Locales whose server-managed texts the API holds (the placeholder `xx` is client-side only). */
export const CONTENT_LOCALES = ['en', 'nl', 'fr'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** A translation key: dotted lower-case words, e.g. `policies.refund-policy.body`. */
export const TranslationKeySchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(200),
  v.regex(/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/, 'validation.invalid_format'),
);

/** One server-managed text (policy page body, SEO description, …) in every content locale. */
export const TranslationEntrySchema = v.object({
  key: TranslationKeySchema,
  en: v.string(),
  nl: v.string(),
  fr: v.string(),
});
export type TranslationEntry = v.InferOutput<typeof TranslationEntrySchema>;

/** Response of GET /api/v1/translations: a list of entries (spec section 7), sorted by key. */
export const TranslationListSchema = v.array(TranslationEntrySchema);
export type TranslationList = v.InferOutput<typeof TranslationListSchema>;

/** Query of GET /api/v1/translations: optionally only the keys starting with `prefix`. */
export const TranslationsQuerySchema = v.strictObject({
  prefix: v.optional(
    v.pipe(inputString(), v.maxLength(200), v.regex(/^[a-z0-9_.-]*$/, 'validation.invalid_format')),
  ),
});
export type TranslationsQuery = v.InferOutput<typeof TranslationsQuerySchema>;

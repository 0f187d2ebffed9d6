// The account forms with a phone field (the personal information form, the invitation): apart from
// ./account so that the account pages without a phone field do not download libphonenumber-js
// (docs/decisions/021). `@portal/shared/schemas/phone-forms` and the full entry export them.
import * as v from 'valibot';
import { EmailSchema, inputString, optionalText, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { isValidPhone, normalisePhone } from './phone';
import { MAIL_LOCALES } from './auth-api';
import { MEMBERSHIP_ROLES } from './roles';

/** A phone number that may be left empty ('' stays ''; else E.164, Belgian without +country). */
export const OptionalPhoneSchema = v.optional(
  v.pipe(
    inputString(M.invalidPhone),
    v.trim(),
    v.check((s: string) => s === '' || isValidPhone(s), M.invalidPhone),
    v.transform((s: string) => (s === '' ? s : normalisePhone(s))),
  ),
  '',
);

/** What the personal information form changes (the email has its own verified flow). */
export const ProfileInputSchema = v.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  phone: OptionalPhoneSchema,
  function: optionalText(100),
  /** The language of the mails the person receives (users.locale, decision 061); left out: unchanged. */
  locale: v.optional(v.picklist(MAIL_LOCALES, M.invalidValue)),
});
export type ProfileInput = v.InferInput<typeof ProfileInputSchema>;

/** Invites a person: they get a mail in `locale` with a link to set a password. */
export const InviteUserSchema = v.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  function: optionalText(100),
  role: v.picklist(MEMBERSHIP_ROLES, M.required),
  locale: v.optional(v.picklist(MAIL_LOCALES, M.invalidValue)),
});
export type InviteUserInput = v.InferInput<typeof InviteUserSchema>;

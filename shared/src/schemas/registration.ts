import * as v from 'valibot';
import { AddressInputSchema } from './address';
import { EmailSchema, mustBeTicked, requiredText } from './fields';
import { newPasswordEntries, passwordsMatch } from './password';
import { PhoneSchema } from './phone';
import { MESSAGE_KEYS as M } from './messages';
import { OrganisationTypeSchema } from './organisation';
import { VatNumberSchema } from './vat-number';

export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, NewPasswordSchema, PasswordConfirmationSchema, passwordsMatch } from './password';

/** Step 1 of registration: the account. */
export const RegistrationAccountStepSchema = v.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: EmailSchema,
  phone: PhoneSchema,
  ...newPasswordEntries,
});

/** Step 3 of registration: the organisation and the agreements. */
export const RegistrationOrganisationStepSchema = v.object({
  organisation_name: requiredText(200),
  organisation_type: OrganisationTypeSchema,
  vat_number: VatNumberSchema,
  newsletter: v.optional(v.boolean(), false),
  terms: mustBeTicked(M.termsRequired),
});

/** The whole registration (contract request or web-shop sign-up); step 2 is the `address`. */
export const RegistrationSchema = v.pipe(
  v.object({
    ...RegistrationAccountStepSchema.entries,
    address: AddressInputSchema,
    ...RegistrationOrganisationStepSchema.entries,
  }),
  passwordsMatch(),
);
export type RegistrationInput = v.InferInput<typeof RegistrationSchema>;
export type Registration = v.InferOutput<typeof RegistrationSchema>;

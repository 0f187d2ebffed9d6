import * as v from 'valibot';
import { AddressInputSchema } from './address';
import { RegistrationKindSchema, RequestLocaleSchema } from './auth-api';
import { passwordsMatch } from './password';
import { RegistrationAccountStepSchema, RegistrationOrganisationStepSchema } from './registration';

// Apart from the other auth calls: it needs the address and organisation schemas (phone, VAT).

/** POST /api/v1/auth/register: the three steps of the registration form in one body. */
export const RegisterRequestSchema = v.pipe(
  v.strictObject({
    kind: RegistrationKindSchema,
    locale: RequestLocaleSchema,
    ...RegistrationAccountStepSchema.entries,
    address: AddressInputSchema,
    ...RegistrationOrganisationStepSchema.entries,
  }),
  passwordsMatch(),
);
export type RegisterRequestInput = v.InferInput<typeof RegisterRequestSchema>;
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

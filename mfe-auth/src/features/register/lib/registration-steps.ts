// The registration's three steps: what each validates, where a field belongs, and what the form
// starts with. Plain data and functions, so the page and its hook share one definition.
import * as v from 'valibot';
import {
  AddressInputSchema,
  passwordsMatch,
  RegistrationAccountStepSchema,
  RegistrationOrganisationStepSchema,
  type RegistrationKind,
} from '@portal/shared/schemas';

/** Belgian formats as examples (spec section 5). */
export const PHONE_PLACEHOLDER = '+32 470 12 34 56';
export const VAT_PLACEHOLDER = 'BE0123.456.789';

// Step 1 checks the confirmation before moving on, with the same rule as the whole request.
const AccountStepSchema = v.pipe(RegistrationAccountStepSchema, passwordsMatch());
const AddressStepSchema = v.object({ address: AddressInputSchema });

export const STEPS = [
  { titleId: 'auth.register.step.account', schema: AccountStepSchema },
  { titleId: 'auth.register.step.address', schema: AddressStepSchema },
  { titleId: 'auth.register.step.organisation', schema: RegistrationOrganisationStepSchema },
] as const;

/** The step a field of the whole form belongs to (a server error is shown on its step). */
export function stepOf(path: string): number {
  if (path.startsWith('address.') || path === 'address') return 1;
  return path in RegistrationAccountStepSchema.entries ? 0 : 2;
}

/** The empty form for a contract request or a web-shop account. */
export const initialValues = (kind: RegistrationKind) => ({
  kind: kind as string,
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  address: { label: '', type: 'billing', street: '', nr: '', box: '', postal_code: '', city: '', country: 'BE', email: '', phone: '' },
  organisation_name: '',
  organisation_type: '',
  vat_number: '',
  newsletter: false,
  terms: false,
});
export type RegistrationValues = ReturnType<typeof initialValues>;

/** Whether anything was typed or ticked (the kind of registration alone is not input worth keeping). */
export function hasInput(values: Record<string, unknown>, initial: Record<string, unknown>): boolean {
  return JSON.stringify({ ...values, kind: null }) !== JSON.stringify({ ...initial, kind: null });
}

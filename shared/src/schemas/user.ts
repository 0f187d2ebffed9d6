import * as v from 'valibot';
import { EmailSchema, IdSchema, NullableTextSchema, optionalText, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { PhoneSchema } from './phone';
import { MEMBERSHIP_ROLES } from './roles';
import { VatNumberSchema } from './vat-number';

/** A user of the caller's organisation as the API returns it (staff are not managed here). */
export const UserSchema = v.object({
  id: IdSchema,
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone: NullableTextSchema,
  function: NullableTextSchema,
  vat_number: NullableTextSchema,
  role: v.picklist(MEMBERSHIP_ROLES),
});
export type User = v.InferOutput<typeof UserSchema>;

/** Profile fields a user edits (and an admin fills when creating a user). */
export const UserInputSchema = v.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: EmailSchema,
  phone: v.optional(PhoneSchema),
  function: optionalText(100),
  vat_number: v.optional(VatNumberSchema),
});
export type UserInput = v.InferInput<typeof UserInputSchema>;

/** What an organisation admin sends to create or edit a user of the organisation: admin or buyer. */
export const ManagedUserInputSchema = v.object({ ...UserInputSchema.entries, role: v.picklist(MEMBERSHIP_ROLES, M.required) });
export type ManagedUserInput = v.InferInput<typeof ManagedUserInputSchema>;

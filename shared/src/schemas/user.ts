import * as v from 'valibot';
import { EmailSchema, IdSchema, NullableTextSchema, optionalText, requiredText } from './fields';
import { PhoneSchema } from './phone';
import { VatNumberSchema } from './vat-number';

/** Roles of a user within their organisation (the names the access token carries). */
export const USER_ROLES = ['buyer', 'admin', 'case_manager'] as const;
export const UserRoleSchema = v.picklist(USER_ROLES);
export type UserRole = v.InferOutput<typeof UserRoleSchema>;

/** A user as the API returns it. */
export const UserSchema = v.object({
  id: IdSchema,
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone: NullableTextSchema,
  function: NullableTextSchema,
  vat_number: NullableTextSchema,
  role: UserRoleSchema,
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

/** What an organisation admin sends to create or edit a user of the organisation. */
export const ManagedUserInputSchema = v.object({ ...UserInputSchema.entries, role: UserRoleSchema });
export type ManagedUserInput = v.InferInput<typeof ManagedUserInputSchema>;

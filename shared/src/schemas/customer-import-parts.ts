// The parts of an imported customer record (issue 29 "Customers: ... their addresses, and users
// invited by mail", decision 049): its addresses, keyed by the ERP's own address id, checked with the
// address book's own field rules; and the people to invite. Kept apart from imports.ts so that the
// address and invitation rules have one home each.
import * as v from 'valibot';
import { addressFieldsWithoutPhone, postalCodeFitsCountry } from './address-shape';
import { EmailSchema, inputString, requiredText } from './fields';
import { PhoneSchema } from './phone';
import { MEMBERSHIP_ROLES } from './roles';

/** The most addresses and users one customer record may carry (a line stays well under its limit). */
export const IMPORTED_ADDRESSES_MAX = 100;
export const IMPORTED_USERS_MAX = 100;

/** One address of the organisation; `key` is the ERP's address id, unique within the organisation. */
export const ImportedAddressSchema = v.pipe(
  v.strictObject({
    key: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64)),
    ...addressFieldsWithoutPhone,
    // An ERP sends no box as null (a form sends an empty string); both are stored as null.
    box: v.optional(v.nullable(v.pipe(inputString(), v.trim(), v.maxLength(20))), null),
    phone: PhoneSchema,
    is_default: v.optional(v.boolean(), false),
  }),
  postalCodeFitsCountry(),
);
export type ImportedAddress = v.InferOutput<typeof ImportedAddressSchema>;

/** One person to invite by mail into the organisation (never a change to an existing member). */
export const ImportedUserSchema = v.strictObject({
  email: EmailSchema,
  first_name: requiredText(100),
  last_name: requiredText(100),
  role: v.picklist(MEMBERSHIP_ROLES),
  locale: v.picklist(['en', 'nl', 'fr']),
});
export type ImportedUser = v.InferOutput<typeof ImportedUserSchema>;

const uniqueBy = <T>(key: (item: T) => string, what: string) =>
  v.check<T[], string>((items) => new Set(items.map(key)).size === items.length, `two ${what} have the same ${what === 'addresses' ? 'key' : 'e-mail address'}`);

/** The record's addresses; absent: the stored ones stay as they are, [] removes the imported ones. */
export const ImportedAddressesSchema = v.pipe(
  v.array(ImportedAddressSchema),
  v.maxLength(IMPORTED_ADDRESSES_MAX),
  uniqueBy((a: ImportedAddress) => a.key, 'addresses'),
  v.check((list) => ['billing', 'shipping'].every((type) => list.filter((a) => a.type === type && a.is_default).length <= 1), 'at most one default address per type'),
);
export const ImportedUsersSchema = v.pipe(v.array(ImportedUserSchema), v.maxLength(IMPORTED_USERS_MAX), uniqueBy((u: ImportedUser) => u.email, 'users'));

import * as v from 'valibot';
import { PhoneSchema } from './phone';
import { MESSAGE_KEYS as M } from './messages';
import { addressFieldsWithoutPhone, postalCodeFitsCountry } from './address-shape';

// The shape a response carries (no phone validator) lives in ./address-shape; re-exported here.
export * from './address-shape';

const addressFields = { ...addressFieldsWithoutPhone, phone: PhoneSchema };

/** An address as typed in a form or sent to the API. */
export const AddressInputSchema = v.pipe(
  v.strictObject(addressFields),
  // The postal code format depends on the country; reported on the postal code field.
  postalCodeFitsCountry(),
);
export type AddressInput = v.InferInput<typeof AddressInputSchema>;

/**
 * Body of POST/PUT /api/v1/addresses: an address, optionally made the default of its type (one
 * default per type; setting one clears the other).
 */
export const AddressBookInputSchema = v.pipe(
  v.strictObject({ ...addressFields, is_default: v.optional(v.boolean(M.invalidValue)) }),
  postalCodeFitsCountry(),
);
export type AddressBookInput = v.InferInput<typeof AddressBookInputSchema>;


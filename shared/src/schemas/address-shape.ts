// The address a response carries, and the country rules: no phone validator. A stored address's
// phone was validated and normalised (E.164) when it was written, so a response only needs a string;
// the orders and checkout pages that show addresses then do not download libphonenumber-js
// (docs/decisions/021). The input schemas, with the phone check, are in `./address`.
import * as v from 'valibot';
import { EmailSchema, IdSchema, optionalText, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/**
 * The countries the shops deliver to, and so the countries an address can be in: the one list (spec
 * section 5, "Belgium and the Netherlands"). The address forms offer it (registration, address book,
 * the checkout's new address), the API validates every address with it, shipping is priced only for
 * it (`common/shipping-rates.ts`, the demo rates) and the shipping policy names it; a test holds the
 * policy's wording to it (issue 32). Issue 40: the forms offered Luxembourg, France and Germany from a
 * second list while the policy and the rates said Belgium and the Netherlands (decision 061).
 * Adding a country is a change to this list, its postal code format, the policy and the rates.
 */
export const COUNTRY_CODES = ['BE', 'NL'] as const;
export const CountryCodeSchema = v.picklist(COUNTRY_CODES, M.required);
export type CountryCode = v.InferOutput<typeof CountryCodeSchema>;

/** The same list under the name the shipping side reads it by (one list, not a second). */
export const DELIVERY_COUNTRIES: readonly CountryCode[] = COUNTRY_CODES;

/** Address kinds. */
export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export const AddressTypeSchema = v.picklist(ADDRESS_TYPES, M.required);
export type AddressType = v.InferOutput<typeof AddressTypeSchema>;

/** Postal code format per country. */
export const POSTAL_CODE_PATTERNS: Readonly<Record<CountryCode, RegExp>> = {
  BE: /^[1-9]\d{3}$/,
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/i,
};

type PostalPair = { postal_code: string; country: CountryCode };
type PostalCodeIssue = v.PartialCheckIssue<PostalPair>;

const POSTAL_CODE_FITS: v.BaseValidation<PostalPair, PostalPair, PostalCodeIssue> = v.forward(
  v.partialCheck([['postal_code'], ['country']], (input) => POSTAL_CODE_PATTERNS[input.country].test(input.postal_code), M.invalidRegex),
  ['postal_code'],
);

/**
 * The rule "the postal code has the country's format", reported on the postal code field as soon as
 * both fields are valid (before the rest of the form is). One rule for every address schema.
 */
export function postalCodeFitsCountry<TInput extends PostalPair>() {
  // It reads only the two fields; the cast carries the schema's own type through the pipe.
  return POSTAL_CODE_FITS as unknown as v.BaseValidation<TInput, TInput, PostalCodeIssue>;
}

/** The fields of an address, without the phone (whose input check differs from its response shape). */
export const addressFieldsWithoutPhone = {
  /** The name the customer gives the address, e.g. "Warehouse Antwerp". */
  label: requiredText(100),
  type: AddressTypeSchema,
  street: requiredText(200),
  nr: requiredText(20),
  /** Box / addition. */
  box: optionalText(20),
  postal_code: requiredText(10),
  city: requiredText(100),
  country: CountryCodeSchema,
  email: EmailSchema,
};

/** A stored address. */
export const AddressSchema = v.pipe(
  v.object({ id: IdSchema, ...addressFieldsWithoutPhone, phone: v.string(), is_default: v.optional(v.boolean(), false) }),
  postalCodeFitsCountry(),
);
export type Address = v.InferOutput<typeof AddressSchema>;

/**
 * An address as written into an order when it is placed (orders.delivery_address and
 * invoice_address): what the order pages show and the order form prints, never changed after. One
 * schema for the stored snapshot, the API's answers and the organisation page's addresses.
 * Snapshots written before every key was copied may lack box, email and phone: they read as null.
 */
export const AddressSnapshotSchema = v.object({
  label: v.string(),
  street: v.string(),
  nr: v.string(),
  box: v.optional(v.nullable(v.string()), null),
  postal_code: v.string(),
  city: v.string(),
  country: v.string(),
  email: v.optional(v.nullable(v.string()), null),
  phone: v.optional(v.nullable(v.string()), null),
});
/** A snapshot as answered: every key, null when empty. */
export type AddressSnapshot = v.InferOutput<typeof AddressSnapshotSchema>;
/** A snapshot as stored (the orders' jsonb columns). */
export type StoredAddressSnapshot = v.InferInput<typeof AddressSnapshotSchema>;

/** Stable error codes of the address book API. */
export const ADDRESS_ERRORS = {
  /** No such address in the caller's book (another organisation's id answers the same). */
  NOT_FOUND: 'ADDRESS_NOT_FOUND',
} as const;

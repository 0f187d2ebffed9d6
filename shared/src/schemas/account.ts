// The account area (issue 15): the caller's profile, email and password changes, the organisation
// and its contract, the organisation's users (administrators only), the contact form and the
// newsletter. The API routes, the forms and the tests all read these. The forms with a phone field
// are in ./account-forms, so the pages without one do not download the phone validator (decision 021).
import * as v from 'valibot';
import { AddressSnapshotSchema, AddressTypeSchema } from './address-shape';
import { EmailSchema, IdSchema, inputString, IsoDateSchema, NullableTextSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { newPasswordEntries, passwordsMatch } from './password';
import { MAIL_LOCALES } from './auth-api';
import { MEMBERSHIP_ROLES } from './roles';
import { ClientTypeSchema, OrganisationTypeSchema } from './organisation';
import { ContactPersonSchema } from './company';

/** Stable error codes of the account area. */
export const ACCOUNT_ERRORS = {
  /** The caller has no organisation (a web-shop customer) where one is needed. */
  NO_ORGANISATION: 'ACCOUNT_NO_ORGANISATION',
  /** Only the organisation's administrators may manage its users. */
  ADMINS_ONLY: 'ACCOUNT_ADMINS_ONLY',
  /** Only customer accounts have a profile / organisation here (staff, visitors). */
  CUSTOMERS_ONLY: 'ACCOUNT_CUSTOMERS_ONLY',
  USER_NOT_FOUND: 'ACCOUNT_USER_NOT_FOUND',
  /** The organisation would be left without an active administrator. */
  LAST_ADMIN: 'ACCOUNT_LAST_ADMIN',
  /** The address belongs to another account. */
  EMAIL_TAKEN: 'ACCOUNT_EMAIL_TAKEN',
  CURRENT_PASSWORD_INVALID: 'ACCOUNT_CURRENT_PASSWORD_INVALID',
  CODE_INVALID: 'ACCOUNT_CODE_INVALID',
  CODE_EXPIRED: 'ACCOUNT_CODE_EXPIRED',
  NEWSLETTER_FAILED: 'NEWSLETTER_FAILED',
  NEWSLETTER_LINK_INVALID: 'NEWSLETTER_LINK_INVALID',
} as const;

// ---------------------------------------------------------------- profile

/** The signed-in customer's own profile. */
export const ProfileSchema = v.object({
  id: IdSchema,
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone: NullableTextSchema,
  function: NullableTextSchema,
  email_verified: v.boolean(),
  /** The role in the caller's organisation; null for a web-shop customer without one. */
  role: v.nullable(v.picklist(MEMBERSHIP_ROLES)),
  organisation_name: NullableTextSchema,
  /** The language of the person's mails (decision 061). */
  locale: v.picklist(MAIL_LOCALES),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;


/** Asks for a code at the new address. */
export const EmailChangeRequestSchema = v.strictObject({ email: EmailSchema });
export type EmailChangeRequest = v.InferInput<typeof EmailChangeRequestSchema>;

export const EmailChangeStartedSchema = v.object({ email: v.string(), resend_after_seconds: v.number() });
export type EmailChangeStarted = v.InferOutput<typeof EmailChangeStartedSchema>;

/** Confirms the change with the code mailed to the new address. */
export const EmailChangeConfirmSchema = v.strictObject({
  email: EmailSchema,
  code: v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.regex(/^\d{6}$/, M.invalidRegex)),
});
export type EmailChangeConfirm = v.InferInput<typeof EmailChangeConfirmSchema>;

/** Changing the password asks for the current one. */
export const PasswordChangeSchema = v.pipe(
  v.strictObject({
    current_password: v.pipe(inputString(M.required), v.nonEmpty(M.required)),
    ...newPasswordEntries,
  }),
  passwordsMatch(),
);
export type PasswordChangeInput = v.InferInput<typeof PasswordChangeSchema>;

// ---------------------------------------------------------------- organisation and contract

/** An address of the organisation's book as the organisation page shows it. */
export const OrganisationAddressSchema = v.object({
  id: IdSchema,
  ...v.omit(AddressSnapshotSchema, ['email', 'phone']).entries,
  type: AddressTypeSchema,
  is_default: v.boolean(),
});

/** A discount the organisation holds (a code restricted to it). */
export const ContractDiscountSchema = v.object({
  code: v.string(),
  kind: v.picklist(['percentage', 'fixed']),
  /** Percent for `percentage` (e.g. 12.5), cents for `fixed`. */
  value: v.number(),
  valid_until: v.nullable(v.string()),
});

export const ContractDetailsSchema = v.object({
  number: v.string(),
  name: v.string(),
  status: v.picklist(['draft', 'active', 'expired']),
  starts_on: IsoDateSchema,
  ends_on: v.nullable(IsoDateSchema),
  payment_term_days: v.number(),
  conditions: NullableTextSchema,
  /** Lowest "free from" amount (cents excl. VAT) for the organisation's default delivery country. */
  free_shipping_from_excl_vat: v.nullable(v.number()),
  discounts: v.array(ContractDiscountSchema),
  /** Download link of the signed contract, where one exists. */
  document_url: NullableTextSchema,
});
export type ContractDetails = v.InferOutput<typeof ContractDetailsSchema>;

/** The contract page: the company (spec section 3) and its contract. */
export const OrganisationDetailsSchema = v.object({
  id: IdSchema,
  name: v.string(),
  vat_number: NullableTextSchema,
  billing_email: NullableTextSchema,
  website: NullableTextSchema,
  client_type: ClientTypeSchema,
  organisation_type: OrganisationTypeSchema,
  customer_number: v.string(),
  primary_contact: v.nullable(ContactPersonSchema),
  sales_consultant: v.nullable(ContactPersonSchema),
  case_manager: v.nullable(ContactPersonSchema),
  addresses: v.array(OrganisationAddressSchema),
  contract: v.nullable(ContractDetailsSchema),
});
export type OrganisationDetails = v.InferOutput<typeof OrganisationDetailsSchema>;

// ---------------------------------------------------------------- users admin

export const MANAGED_USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type ManagedUserStatus = (typeof MANAGED_USER_STATUSES)[number];

/** A user of the caller's organisation, as its administrators see them. */
export const ManagedUserSchema = v.object({
  id: IdSchema,
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone: NullableTextSchema,
  function: NullableTextSchema,
  role: v.picklist(MEMBERSHIP_ROLES),
  status: v.picklist(MANAGED_USER_STATUSES),
  created_at: v.string(),
});
export type ManagedUser = v.InferOutput<typeof ManagedUserSchema>;

/** Filters of the users overview. */
export const ManagedUsersQuerySchema = v.object({
  search: v.optional(v.pipe(inputString(M.invalidText), v.trim(), v.maxLength(100, M.tooBigString))),
  role: v.optional(v.picklist(MEMBERSHIP_ROLES, M.invalidValue)),
  status: v.optional(v.picklist(MANAGED_USER_STATUSES, M.invalidValue)),
});
export type ManagedUsersQuery = v.InferInput<typeof ManagedUsersQuerySchema>;


/** An administrator changes a user's role and whether they may sign in. */
export const UpdateManagedUserSchema = v.strictObject({
  role: v.picklist(MEMBERSHIP_ROLES, M.required),
  active: v.boolean(M.required),
});
export type UpdateManagedUserInput = v.InferInput<typeof UpdateManagedUserSchema>;

export const UserIdParamsSchema = v.object({ id: v.pipe(inputString(M.invalidUuid), v.uuid(M.invalidUuid)) });

// ---------------------------------------------------------------- contact and newsletter

export const ContactSentSchema = v.object({ status: v.literal('sent') });

/** The newsletter sign-up (visitors and customers); double opt-in by mail. */
export const NewsletterSignupSchema = v.strictObject({
  email: EmailSchema,
  locale: v.optional(v.picklist(['en', 'nl', 'fr', 'xx'], M.invalidValue)),
});
export type NewsletterSignupInput = v.InferInput<typeof NewsletterSignupSchema>;

export const NewsletterSignupResultSchema = v.object({ status: v.literal('confirmation_sent') });

/** The signed link of a newsletter mail (confirm or unsubscribe). */
export const NewsletterTokenQuerySchema = v.object({ token: v.pipe(inputString(M.required), v.nonEmpty(M.required), v.maxLength(1000, M.tooBigString)) });

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { REGISTRATION_KINDS } from '@portal/shared/schemas';
import { addressType, clientType, codePurpose, contractStatus, membershipRole, organisationType, staffRole } from '../../db/enums';

/** Everyone who can sign in: customer users and provider staff. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    function: text('function'),
    vatNumber: text('vat_number'),
    locale: text('locale').notNull().default('en'),
    /** Set once the person chose their mails' language in their profile: signing in no longer changes it (decision 061). */
    localeChosen: boolean('locale_chosen').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Display preference: prices including VAT (the default for B2B buyers is excluding). */
    pricesInclVat: boolean('prices_incl_vat').notNull().default(false),
    /**
     * The whole account locked by the operator (staff, or every organisation at once). An
     * organisation's administrator deactivates a membership instead (`memberships.deactivatedAt`).
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Closed by the person (a web-shop customer) or their organisation's administrator (issue 44,
     * decision 063). Closing also sets `disabledAt`, so every sign-in and access check refuses it;
     * this says when the retention period started.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the retention job deleted or anonymised the closed account's data (decision 063). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    // The retention job's scan: closed accounts not yet anonymised, by closure.
    index('users_closed_idx').on(t.closedAt).where(sql`${t.closedAt} is not null and ${t.anonymisedAt} is null`),
  ],
);

/** Provider employees: case managers (dossier managers) and sales consultants. */
export const staff = pgTable('staff', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: staffRole('role').notNull(),
  createdAt: createdAt(),
});

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    /** ISO 3166-1 alpha-2 country of establishment: decides the VAT category on invoices (issue 30). */
    country: text('country'),
    /**
     * Legal registration numbers, by country: the Belgian enterprise number (KBO/BCE, 10 digits), the
     * Dutch KvK number (8 digits) and government OIN (20 digits), the French SIRET (14 digits). They name
     * the organisation on e-invoices and orders (Peppol schemes 0208, 0106, 0190, 0009).
     */
    enterpriseNumber: text('enterprise_number'),
    kvkNumber: text('kvk_number'),
    oin: text('oin'),
    siret: text('siret'),
    /** The organisation's Peppol participant id (`scheme:id`, e.g. `0208:0412345614`) when known. */
    peppolParticipantId: text('peppol_participant_id'),
    /** Set when the organisation is exempt from VAT: the legal ground printed on its invoices (category E). */
    vatExemptionReason: text('vat_exemption_reason'),
    billingEmail: text('billing_email'),
    website: text('website'),
    clientType: clientType('client_type').notNull(),
    organisationType: organisationType('organisation_type').notNull(),
    /** Contract / customer number shown to the customer. */
    customerNumber: text('customer_number').notNull(),
    primaryContactUserId: uuid('primary_contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    salesConsultantId: uuid('sales_consultant_id').references(() => staff.userId, { onDelete: 'set null' }),
    caseManagerId: uuid('case_manager_id').references(() => staff.userId, { onDelete: 'set null' }),
    /** The sender's version as the supplier's ERP last sent the organisation (decision 049); null: never imported. */
    sourceVersion: bigint('source_version', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisations_customer_number_uq').on(t.customerNumber)],
);

/** A customer user's role within one organisation, and whether that access is deactivated. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: membershipRole('role').notNull(),
    /**
     * Set by an administrator of this organisation: the user may no longer act in it (sign-in,
     * refresh and every request refused), while their other memberships keep working (decision 032).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * When the user last switched to this organisation in the header (decision 057): a sign-in
     * starts in the active membership chosen last, else in the first one joined.
     */
    lastChosenAt: timestamp('last_chosen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organisationId] }), index('memberships_org_idx').on(t.organisationId)],
);

/** Address book: per organisation, or per user for web-shop customers without one. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    type: addressType('type').notNull(),
    street: text('street').notNull(),
    nr: text('nr').notNull(),
    box: text('box'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    email: text('email'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The ERP's own id of an imported address (decision 049); null for one typed in the portal. */
    externalKey: text('external_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_org_idx').on(t.organisationId),
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_org_external_key_uq').on(t.organisationId, t.externalKey),
  ],
);

/** A contract's text in some of the portal's languages. */
export type ContractTexts = Partial<Record<'en' | 'nl' | 'fr', string>>;

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    name: text('name').notNull(),
    status: contractStatus('status').notNull().default('active'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    /** Conditions of the contract, shown on the contract page. */
    conditions: text('conditions'),
    /**
     * The name and conditions in the other languages of the portal, by locale (`{ nl, fr }`): the
     * contract page shows the reader's, else `name` and `conditions` as written.
     */
    nameTranslations: jsonb('name_translations').$type<ContractTexts>().notNull().default({}),
    conditionsTranslations: jsonb('conditions_translations').$type<ContractTexts>().notNull().default({}),
    /** The sender's version as the supplier's ERP last sent the contract (decision 049); null: never imported. */
    sourceVersion: bigint('source_version', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contracts_number_uq').on(t.number), index('contracts_org_idx').on(t.organisationId)],
);

// Sign-in state: anonymous sessions, refresh tokens, one-time codes and registrations.

/** A visitor's session without an account (anonymous grant); it can own a cart. */
export const anonymousSessions = pgTable('anonymous_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One sign-in: every refresh token rotated from it belongs to the family. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    anonymousSessionId: uuid('anonymous_session_id').references(() => anonymousSessions.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('refresh_token_families_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; `usedAt` set when rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** One-time codes (two-factor sign-in, e-mail verification, password reset), stored as HMACs. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
    // Reset links carry only the token: they are looked up by its hash.
    index('verification_codes_hash_idx').on(t.codeHash),
  ],
);

export const registrationKind = pgEnum('registration_kind', REGISTRATION_KINDS);
export const registrationStatus = pgEnum('registration_status', ['pending', 'approved', 'rejected', 'completed']);

/**
 * A registration as submitted: a contract request (pending until the sales team handles it) or a
 * web-shop sign-up (completed when the email address is verified). The account itself is a user.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: registrationKind('kind').notNull(),
    status: registrationStatus('status').notNull().default('pending'),
    organisationName: text('organisation_name').notNull(),
    organisationType: organisationType('organisation_type').notNull(),
    vatNumber: text('vat_number').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    /** The address of step 2, as typed (AddressInputSchema output). */
    address: jsonb('address').$type<Record<string, unknown>>().notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registrations_user_idx').on(t.userId), index('registrations_status_idx').on(t.kind, t.status)],
);

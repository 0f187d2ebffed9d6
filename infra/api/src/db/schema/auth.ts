import { bigserial, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REGISTRATION_KINDS } from '@portal/shared/schemas';
import { codePurpose, organisationType } from './enums';
import { organisations, users } from './organisations';

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

/** Who did what, for accountability (sign-ins, token reuse, order changes, …). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The integration client that wrote (its name, kept when the client is gone; decision 045). */
    actorClient: text('actor_client'),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_org_at_idx').on(t.organisationId, t.at), index('audit_log_actor_idx').on(t.actorUserId)],
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

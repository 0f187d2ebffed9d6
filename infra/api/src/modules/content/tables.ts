import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxChannel, outboxStatus, redirectType } from '../../db/enums';
import { organisations, users } from '../accounts/tables';

/** Server-managed texts in en, nl, fr (policy bodies, SEO descriptions). */
export const translations = pgTable('translations', {
  key: text('key').primaryKey(),
  en: text('en').notNull(),
  nl: text('nl').notNull(),
  fr: text('fr').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Route rules: a path pattern (`/my-orders/:slug`, `/user/**`, without locale prefix), an optional
 * redirect and the middleware names that apply. The most specific pattern wins.
 */
export const routeRules = pgTable(
  'route_rules',
  {
    id: serial('id').primaryKey(),
    pattern: text('pattern').notNull(),
    redirectTo: text('redirect_to'),
    redirectType: redirectType('redirect_type'),
    redirectStatus: integer('redirect_status'),
    middleware: text('middleware').array().notNull().default([]),
  },
  (t) => [uniqueIndex('route_rules_pattern_uq').on(t.pattern)],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_org_idx').on(t.organisationId)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('en'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_uq').on(t.email)],
);

/** Mail and SMS waiting to be delivered by the sender (a later issue). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: outboxChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull().default('en'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.availableAt)],
);

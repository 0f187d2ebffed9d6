// Approval rules and the orders waiting for approval (issue 33). Owned by the approvals module: an
// organisation's administrator sets the rules; an order that meets one is stored here, as the buyer
// saw it, instead of placed; an approver's approval places it through the orders module's placement.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalRequestStatus, ApprovalRuleKind } from '@portal/shared/schemas';
import { orders } from '../orders/tables';
import { organisations, users } from '../accounts/tables';


export const approvalRules = pgTable(
  'approval_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** order_total_above: the goods' total excl. VAT after discount above amount_cents; categories; users. */
    kind: text('kind').notNull().$type<ApprovalRuleKind>(),
    /** order_total_above: the goods' total excl. VAT after discount, in cents. */
    amountCents: integer('amount_cents'),
    /** categories: the (sub-)category ids. */
    categoryIds: integer('category_ids').array().notNull().default([]),
    /** users: the members whose every order needs approval. */
    userIds: uuid('user_ids').array().notNull().default([]),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_rules_org_idx').on(t.organisationId)],
);

/** The checkout as the buyer submitted it: what placement needs again at approval, and what they saw. */
export interface ApprovalSnapshot {
  /** The checkout's choices (addresses by id as well as their snapshots, shipping, discount code, submitter, references). */
  checkout: Record<string, unknown>;
  lines: { product_id: string; name: string; quantity: number; unit_excl_vat: number; vat_rate: number }[];
  delivery: Record<string, unknown>;
  invoice: Record<string, unknown>;
  money: { subtotal_excl_vat: number; discount_excl_vat: number; shipping_excl_vat: number; vat: number; incl_vat: number };
}

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The buyer: the orderer of the order once placed. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<ApprovalRequestStatus>().default('pending'),
    /** The rules it met, as `{ kind, amount_cents?, category_ids?, user_ids? }`. */
    reasons: jsonb('reasons').notNull().$type<unknown[]>(),
    snapshot: jsonb('snapshot').notNull().$type<ApprovalSnapshot>(),
    /** The buyer's language (the mail about the decision). */
    locale: text('locale').notNull(),
    /** What changed since the buyer submitted, found at the last approval attempt (null: nothing). */
    changes: jsonb('changes').$type<unknown>(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_requests_org_idx').on(t.organisationId, t.status, t.createdAt), index('approval_requests_user_idx').on(t.userId, t.createdAt)],
);

/** Every step of a request (submitted, changes found, approved, rejected, placed). */
export const approvalHistory = pgTable(
  'approval_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [index('approval_history_request_idx').on(t.requestId, t.at)],
);

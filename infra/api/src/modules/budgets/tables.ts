// Cost centres and their budgets (issue 33, decision 054). Owned by the budgets module; placement
// charges an order to a cost centre through the BudgetPort (modules/budgets/contract.ts) inside its own
// transaction, so the spent amount and the order are committed together or not at all.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import type { ProcurementOrderChannel } from '../procurement/tables';
import { organisations, users } from '../accounts/tables';

/** How often a budget starts again (at the period's first day, Europe/Brussels). */
export const BUDGET_PERIODS = ['month', 'quarter', 'year'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** What happens to an order over what is left: refused, or (issue 33's approvals) sent for approval. */
export const OVER_BUDGET_RULES = ['refuse', 'approval'] as const;
export type OverBudgetRule = (typeof OVER_BUDGET_RULES)[number];

/** One cost centre of one organisation: the buyer's accounting reference on orders and invoices. */
export const costCentres = pgTable(
  'cost_centres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** The budget per period in cents (what an order's total including VAT is charged against). */
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull(),
    period: text('period').notNull().$type<BudgetPeriod>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cost_centres_organisation_code_uq').on(t.organisationId, t.code),
    check('cost_centres_budget_ck', sql`${t.budgetCents} >= 0`),
    check('cost_centres_period_ck', sql`${t.period} in ('month', 'quarter', 'year')`),
  ],
);

/** Which buyers may order against which cost centre. */
export const costCentreBuyers = pgTable(
  'cost_centre_buyers',
  {
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.costCentreId, t.userId] }), index('cost_centre_buyers_user_idx').on(t.userId)],
);

/**
 * What a cost centre spent in one period. The row is the budget's lock: placement adds to it with a
 * conditional UPDATE (`spent + amount <= budget`), so parallel orders queue on it and only those
 * that fit are charged. A new period is a new row, which is how the budget resets.
 */
export const costCentreSpending = pgTable(
  'cost_centre_spending',
  {
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'cascade' }),
    /** The period's first day in Europe/Brussels. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.costCentreId, t.periodStart] }), check('cost_centre_spending_spent_ck', sql`${t.spentCents} >= 0`)],
);

/**
 * The order's cost centre and what was charged (decision 054: the link lives here, not in `orders`).
 * `given_back_at` makes the give-back happen once: it is set by the statement that gives it back.
 */
export const orderCostCentres = pgTable(
  'order_cost_centres',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'restrict' }),
    /** Snapshots for the order page, the order form and the invoice (a renamed cost centre does not rewrite history). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
    /**
     * How far this charge took the period past its budget: only an approved request's order may
     * (issue 33, decision 054 amendment); 0 for every other order. Shown on the order page.
     */
    overBudgetCents: bigint('over_budget_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_cost_centres_cost_centre_idx').on(t.costCentreId, t.periodStart)],
);

/** The organisation's rule for an order over what is left (no row: refuse). */
export const budgetRules = pgTable('budget_rules', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  overBudget: text('over_budget').notNull().$type<OverBudgetRule>().default('refuse'),
});

/**
 * A procurement system's cost-centre settings (issue 40, decision 059), set by the organisation's
 * administrator: the cost centre its orders are charged to when the document names none, and for
 * cXML the Accounting Segment type that names the cost centre (null: `CostCenter`). One row per
 * sender: a cXML procurement identity (its id) or the organisation's Peppol participant id
 * (lower-cased, `scheme:id`).
 */
export const procurementCostCentres = pgTable(
  'procurement_cost_centres',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().$type<ProcurementOrderChannel>(),
    sender: text('sender').notNull(),
    defaultCostCentreId: uuid('default_cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    segmentType: text('segment_type'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.sender] }), index('procurement_cost_centres_org_idx').on(t.organisationId), check('procurement_cost_centres_channel_ck', sql`${t.channel} in ('cxml', 'peppol')`)],
);

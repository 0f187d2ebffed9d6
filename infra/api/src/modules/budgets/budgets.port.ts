// The BudgetPort (modules/budgets/contract.ts, decision 054): what placement and the payments' outcomes change
// of the cost centres' budgets, each on the caller's transaction. The charge is one statement: the
// cost centre as the buyer may use it, the period's spent row added to only when the amount still
// fits (INSERT … ON CONFLICT DO UPDATE … WHERE: the row is locked and the condition evaluated
// against its newest version, so parallel placements queue on it and exactly those that fit are
// charged), and the order's link written with it. An approved request's order that went to approval
// for its budget is charged unconditionally (the approval is the authorisation) and records how far
// it went over. The decisions that need no row (what is left, whether an amount fits, the refusal,
// which cost centre a procurement document names) are budgets.rules.ts's.
import { BUDGET_ERRORS, MESSAGE_KEYS as M } from '@portal/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CustomerCaller } from '../../caller';
import type { BudgetCharge, BudgetPort, ChargeForecast, NamedCostCentre, ProcurementCostCentre } from './contract';
import type { Db, Tx } from '../../db/client';
import { budgetRules, costCentres, orderCostCentres, procurementCostCentres } from './tables';
import { rowShape, typedRows } from '../../db/typed-rows';
import { AppError } from '../../errors';
import { periodStartSql } from './budgets.period';
import { isUuid } from '../../common/uuid';
import { chargeOutcome, overBudget, pickProcurementCostCentre, remainingCents } from './budgets.rules';

const chargeRow = rowShape({
  code: costCentres.code,
  name: costCentres.name,
  budget_cents: costCentres.budgetCents,
  period_start: v.string(),
  over_budget: budgetRules.overBudget,
  spent: v.nullable(v.number()),
});
const againRow = rowShape({ code: orderCostCentres.code, name: orderCostCentres.name, budget_cents: costCentres.budgetCents, period_start: v.string(), spent: v.nullable(v.number()) });
const spentRow = rowShape({ spent: v.number() });
const ofOrderRow = rowShape({ code: orderCostCentres.code, name: orderCostCentres.name, over_budget_cents: v.number() });
const excessRow = rowShape({ code: costCentres.code, name: costCentres.name, budget_cents: costCentres.budgetCents, over_budget: budgetRules.overBudget, spent: v.number() });

const notAllowed = () =>
  new AppError(422, BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED, 'You cannot order against this cost centre', [{ path: 'cost_centre_id', message: M.costCentreNotAllowed }]);

/** What is left of the period, read after the refused charge (the row as committed now). */
async function remaining(tx: Tx, costCentreId: string, periodStart: string, budget: number): Promise<number> {
  const [row] = await typedRows(tx, spentRow, sql`select spent_cents::float8 as spent from cost_centre_spending where cost_centre_id = ${costCentreId} and period_start = ${periodStart}::date`);
  return remainingCents(budget, Number(row?.spent ?? 0));
}

/**
 * The spent row's conditional add: `source` is a CTE with (cost_centre_id, period_start, amount,
 * budget). `approved`: an approval authorised going over, so no condition (the row is still locked
 * by the upsert: parallel charges queue on it and each adds to the newest version).
 */
const addSpent = (source: string, approved = false) => {
  const fits = (expr: string) => sql.raw(approved ? 'true' : expr);
  return sql`
  insert into cost_centre_spending (cost_centre_id, period_start, spent_cents)
  select cost_centre_id, period_start, amount from ${sql.raw(source)} where ${fits('amount <= budget')}
  on conflict (cost_centre_id, period_start) do update set spent_cents = cost_centre_spending.spent_cents + excluded.spent_cents
  where ${fits(`cost_centre_spending.spent_cents + excluded.spent_cents <= (select budget from ${source})`)}
  returning spent_cents`;
};

/**
 * The order judged against what is left of the cost centre now: the same cost centre the charge
 * takes (the buyer's, active, the organisation's) and this period's spent row, by the charge's
 * condition (`amount <= budget - spent`, addSpent). BudgetPort.forecast, and `exceeds` thrown.
 */
async function forecast(db: Db | Tx, caller: CustomerCaller, costCentreId: string, amountCents: number): Promise<ChargeForecast | null> {
  if (!caller.organisationId) return null;
  // Not a UUID: no cost centre (the uuid column would answer a 500), refused like an unknown one.
  if (!isUuid(costCentreId)) throw notAllowed();
  const [row] = await typedRows(
    db,
    excessRow,
    sql`select c.code, c.name, c.budget_cents, coalesce(r.over_budget, 'refuse') as over_budget, coalesce(s.spent_cents, 0)::float8 as spent
        from cost_centres c
        join cost_centre_buyers b on b.cost_centre_id = c.id and b.user_id = ${caller.userId}
        left join budget_rules r on r.organisation_id = c.organisation_id
        left join cost_centre_spending s on s.cost_centre_id = c.id and s.period_start = ${periodStartSql(sql`c.period`)}
        where c.id = ${costCentreId} and c.organisation_id = ${caller.organisationId} and c.active`,
  );
  if (!row) throw notAllowed();
  return { ...chargeOutcome(amountCents, row.budget_cents, row.spent, row.over_budget), costCentre: { code: row.code, name: row.name } };
}

export const budgets: BudgetPort = {
  async charge(tx: Tx, caller: CustomerCaller, charge: BudgetCharge) {
    if (!caller.organisationId) return;
    // Absent: placement refused it already where the organisation has cost centres (requiredSql).
    if (charge.costCentreId === null) return;
    const [row] = await typedRows(
      tx,
      chargeRow,
      sql`with c as (
            select c.id as cost_centre_id, c.code, c.name, c.budget_cents as budget, ${periodStartSql(sql`c.period`)} as period_start,
              ${charge.amountCents}::bigint as amount, coalesce(r.over_budget, 'refuse') as over_budget
            from cost_centres c
            ${charge.byProcurementSystem ? sql`` : sql`join cost_centre_buyers b on b.cost_centre_id = c.id and b.user_id = ${caller.userId}`}
            left join budget_rules r on r.organisation_id = c.organisation_id
            where c.id = ${charge.costCentreId} and c.organisation_id = ${caller.organisationId} and c.active
          ),
          s as (${addSpent('c', charge.approvedOverBudget === true)}),
          l as (
            insert into order_cost_centres (order_id, cost_centre_id, code, name, period_start, amount_cents, over_budget_cents)
            select ${charge.orderId}, cost_centre_id, code, name, period_start, amount, greatest(0, least(amount, s.spent_cents - budget)) from c, s
          )
          select code, name, budget as budget_cents, period_start::text as period_start, over_budget, (select spent_cents from s)::float8 as spent from c`,
    );
    if (!row) throw notAllowed();
    if (row.spent !== null) return;
    const left = await remaining(tx, charge.costCentreId, row.period_start, row.budget_cents);
    throw overBudget(row.over_budget, left, { code: row.code, name: row.name });
  },

  requiredSql(caller: CustomerCaller) {
    // Absent is fine only where the organisation has no (active) cost centres.
    return caller.organisationId ? sql`exists (select 1 from cost_centres where organisation_id = ${caller.organisationId} and active)` : sql`false`;
  },

  costCentreRequired() {
    return new AppError(422, BUDGET_ERRORS.COST_CENTRE_REQUIRED, 'Choose one of your cost centres', [{ path: 'cost_centre_id', message: M.costCentreRequired }]);
  },

  async giveBack(tx: Tx, orderId: string) {
    // Once: only the statement that sets given_back_at gives the amount back.
    await tx.execute(sql`
      with g as (
        update order_cost_centres set given_back_at = now() where order_id = ${orderId} and given_back_at is null
        returning cost_centre_id, period_start, amount_cents
      )
      update cost_centre_spending s set spent_cents = greatest(s.spent_cents - g.amount_cents, 0)
      from g where s.cost_centre_id = g.cost_centre_id and s.period_start = g.period_start`);
  },

  async chargeAgain(tx: Tx, orderId: string) {
    // A retry is charged to the period it is retried in; the link follows it there.
    const [row] = await typedRows(
      tx,
      againRow,
      sql`with c as (
            select o.cost_centre_id, o.code, o.name, o.amount_cents as amount, c.budget_cents as budget, ${periodStartSql(sql`c.period`)} as period_start
            from order_cost_centres o join cost_centres c on c.id = o.cost_centre_id
            where o.order_id = ${orderId} and o.given_back_at is not null
            for update of o
          ),
          s as (${addSpent('c')}),
          l as (
            update order_cost_centres set given_back_at = null, period_start = c.period_start from c
            where order_cost_centres.order_id = ${orderId} and exists (select 1 from s)
          )
          select code, name, budget as budget_cents, period_start::text as period_start, (select spent_cents from s)::float8 as spent from c`,
    );
    if (!row || row.spent !== null) return;
    const [link] = await typedRows(tx, rowShape({ id: v.string() }), sql`select cost_centre_id::text as id from order_cost_centres where order_id = ${orderId}`);
    const left = await remaining(tx, link!.id, row.period_start, row.budget_cents);
    throw overBudget('refuse', left, { code: row.code, name: row.name });
  },

  async procurementCostCentre(db: Db | Tx, organisationId: string, sender: { channel: 'cxml' | 'peppol'; id: string }, named: NamedCostCentre[]): Promise<ProcurementCostCentre> {
    const [settings] = await db
      .select({ defaultId: procurementCostCentres.defaultCostCentreId, segmentType: procurementCostCentres.segmentType })
      .from(procurementCostCentres)
      .where(and(eq(procurementCostCentres.channel, sender.channel), eq(procurementCostCentres.sender, sender.id.toLowerCase()), eq(procurementCostCentres.organisationId, organisationId)));
    const active = await db
      .select({ id: costCentres.id, code: costCentres.code })
      .from(costCentres)
      .where(and(eq(costCentres.organisationId, organisationId), eq(costCentres.active, true)));
    return pickProcurementCostCentre(active, settings, named);
  },

  async ofOrder(db: Db | Tx, orderId: string) {
    const [row] = await typedRows(db, ofOrderRow, sql`select code, name, over_budget_cents::float8 as over_budget_cents from order_cost_centres where order_id = ${orderId}`);
    return row ?? null;
  },

  exceeds: async (db: Db | Tx, caller: CustomerCaller, costCentreId: string | null, amountCents: number) => {
    if (costCentreId === null) return null;
    const judged = await forecast(db, caller, costCentreId, amountCents);
    if (!judged || judged.outcome === 'fits') return null;
    if (judged.outcome === 'refused') throw overBudget('refuse', judged.remainingCents, judged.costCentre);
    return { remainingCents: judged.remainingCents, costCentre: judged.costCentre };
  },

  forecast,
};

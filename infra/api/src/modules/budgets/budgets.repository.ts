// Cost centres, their buyers and the organisation's over-budget rule, always within the caller's
// organisation (the organisation id is in every WHERE). The current period's spent amount is read
// beside each cost centre; writing it is the port's (budgets.port.ts).
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PROCUREMENT_CHANNELS, type CostCentre, type CostCentreFields, type OverBudgetRule, type OwnCostCentre, type ProcurementSystem, type ProcurementSystemFields } from '@portal/shared/schemas';
import type { Db } from '../../db/client';
import { budgetRules, costCentreBuyers, costCentres, procurementCostCentres } from './tables';
import { rowShape, typedRows } from '../../db/typed-rows';
import { periodStartSql } from './budgets.period';

/** A customer acting in an organisation (the service checked the role). */
export interface OrganisationCaller {
  userId: string;
  organisationId: string;
}

const costCentreRow = rowShape({
  id: costCentres.id,
  code: costCentres.code,
  name: costCentres.name,
  active: costCentres.active,
  budget_cents: costCentres.budgetCents,
  period: costCentres.period,
  period_start: v.string(),
  spent_cents: v.number(),
  buyer_ids: v.array(v.string()),
});
const ownRow = rowShape({ id: costCentres.id, code: costCentres.code, name: costCentres.name, remaining_cents: v.number() });
const systemRow = rowShape({
  channel: v.picklist(PROCUREMENT_CHANNELS),
  sender: v.string(),
  label: v.string(),
  default_cost_centre_id: v.nullable(v.string()),
  segment_type: procurementCostCentres.segmentType,
});
const countRow = rowShape({ n: v.number() });

/** The current period's spent amount of cost centre `c` (0 when nothing was charged yet). */
const spentSql = sql`coalesce((select s.spent_cents from cost_centre_spending s where s.cost_centre_id = c.id and s.period_start = ${periodStartSql(sql`c.period`)}), 0)::float8`;

export function createBudgetsRepository(db: Db) {
  async function list(org: string, id?: string): Promise<CostCentre[]> {
    const rows = await typedRows(
      db,
      costCentreRow,
      sql`select c.id, c.code, c.name, c.active, c.budget_cents, c.period, ${periodStartSql(sql`c.period`)}::text as period_start, ${spentSql} as spent_cents,
            array(select b.user_id::text from cost_centre_buyers b where b.cost_centre_id = c.id order by b.user_id) as buyer_ids
          from cost_centres c
          where c.organisation_id = ${org} ${id ? sql`and c.id = ${id}` : sql``}
          order by c.code`,
    );
    return rows.map((r) => ({ ...r, remaining_cents: Math.max(0, r.budget_cents - r.spent_cents) }));
  }

  return {
    /**
     * The organisation's procurement systems with their cost-centre settings (decision 059): its
     * cXML procurement identities (not revoked) and its Peppol participant id, when it has one.
     */
    async procurementSystems(org: OrganisationCaller): Promise<ProcurementSystem[]> {
      return typedRows(
        db,
        systemRow,
        sql`select s.channel, s.sender, s.label, p.default_cost_centre_id::text as default_cost_centre_id, p.segment_type
            from (
              select 'cxml' as channel, i.id::text as sender, concat_ws(' ', i.domain, i.identity) as label, i.created_at as at
                from procurement_identities i where i.organisation_id = ${org.organisationId} and i.protocol = 'cxml' and i.revoked_at is null
              union all
              select 'peppol', lower(o.peppol_participant_id), o.peppol_participant_id, null
                from organisations o where o.id = ${org.organisationId} and o.peppol_participant_id is not null
            ) s
            left join procurement_cost_centres p on p.channel = s.channel and p.sender = s.sender and p.organisation_id = ${org.organisationId}
            order by s.channel, s.at, s.label`,
      );
    },

    /** Sets one system's settings (the service checked it is the organisation's and so is the cost centre). */
    async setProcurementSystem(org: OrganisationCaller, fields: ProcurementSystemFields & { sender: string }): Promise<void> {
      const segmentType = fields.segment_type ? fields.segment_type : null;
      await db
        .insert(procurementCostCentres)
        .values({ organisationId: org.organisationId, channel: fields.channel, sender: fields.sender, defaultCostCentreId: fields.default_cost_centre_id, segmentType })
        .onConflictDoUpdate({
          target: [procurementCostCentres.channel, procurementCostCentres.sender],
          set: { defaultCostCentreId: fields.default_cost_centre_id, segmentType, updatedAt: sql`now()` },
          setWhere: eq(procurementCostCentres.organisationId, org.organisationId),
        });
    },


    list: (caller: OrganisationCaller) => list(caller.organisationId),
    async get(caller: OrganisationCaller, id: string): Promise<CostCentre | null> {
      return (await list(caller.organisationId, id))[0] ?? null;
    },

    async rule(caller: OrganisationCaller): Promise<OverBudgetRule> {
      const [row] = await db.select({ rule: budgetRules.overBudget }).from(budgetRules).where(eq(budgetRules.organisationId, caller.organisationId));
      return row?.rule ?? 'refuse';
    },

    async setRule(caller: OrganisationCaller, rule: OverBudgetRule): Promise<void> {
      await db
        .insert(budgetRules)
        .values({ organisationId: caller.organisationId, overBudget: rule })
        .onConflictDoUpdate({ target: budgetRules.organisationId, set: { overBudget: rule } });
    },

    /** How many of `ids` are active members of the caller's organisation. */
    async membersAmong(caller: OrganisationCaller, ids: string[]): Promise<number> {
      if (!ids.length) return 0;
      const [row] = await typedRows(
        db,
        countRow,
        sql`select count(*)::int as n from memberships where organisation_id = ${caller.organisationId} and user_id in ${ids} and deactivated_at is null`,
      );
      return row?.n ?? 0;
    },

    /** Creates or changes (id given) a cost centre and replaces its buyers, in one transaction; null: no such cost centre. */
    async save(caller: OrganisationCaller, fields: CostCentreFields, id?: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const values = { code: fields.code, name: fields.name, active: fields.active, budgetCents: fields.budget_cents, period: fields.period };
        const [row] = id
          ? await tx
              .update(costCentres)
              .set(values)
              .where(and(eq(costCentres.id, id), eq(costCentres.organisationId, caller.organisationId)))
              .returning({ id: costCentres.id })
          : await tx
              .insert(costCentres)
              .values({ ...values, organisationId: caller.organisationId })
              .returning({ id: costCentres.id });
        if (!row) return null;
        await tx.delete(costCentreBuyers).where(eq(costCentreBuyers.costCentreId, row.id));
        const buyers = [...new Set(fields.buyer_ids)];
        if (buyers.length) await tx.insert(costCentreBuyers).values(buyers.map((userId) => ({ costCentreId: row.id, userId })));
        return row.id;
      });
    },

    /** The active cost centres the caller may order against, with what is left now; and whether the organisation requires one. */
    async own(caller: OrganisationCaller): Promise<{ required: boolean; costCentres: OwnCostCentre[] }> {
      const rows = await typedRows(
        db,
        ownRow,
        sql`select c.id, c.code, c.name, greatest(c.budget_cents - ${spentSql}, 0)::float8 as remaining_cents
            from cost_centres c join cost_centre_buyers b on b.cost_centre_id = c.id and b.user_id = ${caller.userId}
            where c.organisation_id = ${caller.organisationId} and c.active
            order by c.code`,
      );
      const [any] = await typedRows(db, rowShape({ n: v.number() }), sql`select count(*)::int as n from cost_centres where organisation_id = ${caller.organisationId} and active`);
      return { required: (any?.n ?? 0) > 0, costCentres: rows };
    },
  };
}
export type BudgetsRepository = ReturnType<typeof createBudgetsRepository>;

/** PostgreSQL's unique violation of the organisation's codes. */
export const isCodeTaken = (err: unknown): boolean => {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'cost_centres_organisation_code_uq');
};

// Cost centres and budgets (issue 33, decision 054): managed by the organisation's administrators
// (who is one is common/scope/authority.ts's, from the membership as read on this request, decision
// 060); a buyer reads the cost centres they may order against. An id outside the caller's organisation is not found,
// whoever asks.
import { ACCOUNT_ERRORS, API_ERRORS, BUDGET_ERRORS, MESSAGE_KEYS as M, type CheckoutCostCentres, type CostCentre, type CostCentreFields, type CostCentresPage, type OverBudgetRule, type ProcurementSystem, type ProcurementSystemFields, type ProcurementSystems } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { requireAuthority, requireCustomer, type MemberCaller } from '../../common/scope';
import { AppError } from '../../errors';
import { isCodeTaken, type BudgetsRepository, type OrganisationCaller } from './budgets.repository';

const ADMINS_ONLY = { code: ACCOUNT_ERRORS.ADMINS_ONLY, message: "Only the organisation's administrators manage its cost centres" };
const adminsOnly = () => new AppError(403, ADMINS_ONLY.code, ADMINS_ONLY.message);
const notFound = () => new AppError(404, BUDGET_ERRORS.NOT_FOUND, 'No such cost centre in your organisation');

/** A customer of an organisation (401 without a person, 403 for staff and web-shop customers). */
function member(caller: Caller): MemberCaller {
  if (caller.kind === 'staff') throw adminsOnly();
  if (caller.kind !== 'customer') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
  if (!caller.organisationId) throw new AppError(403, ACCOUNT_ERRORS.NO_ORGANISATION, 'Cost centres belong to an organisation');
  return caller as MemberCaller;
}

const requireAdmin = (caller: Caller): MemberCaller => requireAuthority(member(caller), 'administer', ADMINS_ONLY);

export function createBudgetsService(repo: BudgetsRepository) {
  /** Saves with the buyers checked to be the organisation's members; a duplicate code is 409. */
  async function save(org: OrganisationCaller, fields: CostCentreFields, id?: string): Promise<CostCentre> {
    const buyers = [...new Set(fields.buyer_ids)];
    if ((await repo.membersAmong(org, buyers)) !== buyers.length) {
      throw new AppError(422, BUDGET_ERRORS.NOT_A_MEMBER, 'Only members of your organisation can be assigned', [{ path: 'buyer_ids', message: M.notAMember }]);
    }
    let saved: string | null;
    try {
      saved = await repo.save(org, { ...fields, buyer_ids: buyers }, id);
    } catch (err) {
      if (isCodeTaken(err)) throw new AppError(409, BUDGET_ERRORS.CODE_TAKEN, 'Another cost centre has this code', [{ path: 'code', message: M.costCentreCodeTaken }]);
      throw err;
    }
    if (!saved) throw notFound();
    return (await repo.get(org, saved))!;
  }

  return {
    async page(caller: Caller): Promise<CostCentresPage> {
      const org = requireAdmin(caller);
      return { over_budget: await repo.rule(org), cost_centres: await repo.list(org) };
    },

    async create(caller: Caller, fields: CostCentreFields): Promise<CostCentre> {
      return save(requireAdmin(caller), fields);
    },

    async get(caller: Caller, id: string): Promise<CostCentre> {
      const org = member(caller);
      const found = await repo.get(org, id);
      if (!found) throw notFound();
      requireAuthority(org, 'administer', ADMINS_ONLY);
      return found;
    },

    async update(caller: Caller, id: string, fields: CostCentreFields): Promise<CostCentre> {
      const org = member(caller);
      if (!(await repo.get(org, id))) throw notFound();
      requireAuthority(org, 'administer', ADMINS_ONLY);
      return save(org, fields, id);
    },

    async setRule(caller: Caller, rule: OverBudgetRule): Promise<{ over_budget: OverBudgetRule }> {
      const org = requireAdmin(caller);
      await repo.setRule(org, rule);
      return { over_budget: rule };
    },

    /** The organisation's procurement systems and the cost centre each one's orders are charged to when they name none (decision 059). */
    async procurementSystems(caller: Caller): Promise<ProcurementSystems> {
      return { items: await repo.procurementSystems(await requireAdmin(caller)) };
    },

    async setProcurementSystem(caller: Caller, fields: ProcurementSystemFields): Promise<ProcurementSystem> {
      const org = await requireAdmin(caller);
      const sender = fields.sender.toLowerCase();
      const system = (await repo.procurementSystems(org)).find((s) => s.channel === fields.channel && s.sender === sender);
      if (!system) throw new AppError(404, BUDGET_ERRORS.PROCUREMENT_SYSTEM_NOT_FOUND, 'No such procurement system in your organisation');
      if (fields.default_cost_centre_id !== null && !(await repo.get(org, fields.default_cost_centre_id))) {
        throw new AppError(422, BUDGET_ERRORS.NOT_FOUND, 'No such cost centre in your organisation', [{ path: 'default_cost_centre_id', message: M.invalidValue }]);
      }
      // The segment type names what cXML's Accounting segments carry; Peppol has one AccountingCost.
      const segment = fields.channel === 'cxml' ? fields.segment_type || null : null;
      await repo.setProcurementSystem(org, { ...fields, sender, segment_type: segment });
      return { ...system, default_cost_centre_id: fields.default_cost_centre_id, segment_type: segment };
    },

    /** The checkout's choice: the caller's active cost centres, and whether one is required. A web-shop customer has none. */
    async own(caller: Caller): Promise<CheckoutCostCentres> {
      const customer = requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'Cost centres are chosen by customers' });
      if (!customer.organisationId) return { required: false, cost_centres: [] };
      const own = await repo.own({ userId: customer.userId, organisationId: customer.organisationId });
      return { required: own.required, cost_centres: own.costCentres };
    },
  };
}
export type BudgetsService = ReturnType<typeof createBudgetsService>;

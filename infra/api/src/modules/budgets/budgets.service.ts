// Cost centres and budgets (issue 33, decision 054): managed by the organisation's administrators
// (the role is read from the database on every call, as the users admin does); a buyer reads the
// cost centres they may order against. An id outside the caller's organisation is not found,
// whoever asks.
import { ACCOUNT_ERRORS, API_ERRORS, BUDGET_ERRORS, MESSAGE_KEYS as M, type CheckoutCostCentres, type CostCentre, type CostCentreFields, type CostCentresPage, type OverBudgetRule } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { requireCustomer } from '../../common/scope';
import { AppError } from '../../errors';
import { isCodeTaken, type BudgetsRepository, type OrganisationCaller } from './budgets.repository';

const adminsOnly = () => new AppError(403, ACCOUNT_ERRORS.ADMINS_ONLY, "Only the organisation's administrators manage its cost centres");
const notFound = () => new AppError(404, BUDGET_ERRORS.NOT_FOUND, 'No such cost centre in your organisation');

/** A customer of an organisation (401 without a person, 403 for staff and web-shop customers). */
function member(caller: Caller): OrganisationCaller {
  if (caller.kind === 'staff') throw adminsOnly();
  if (caller.kind !== 'customer') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
  if (!caller.organisationId) throw new AppError(403, ACCOUNT_ERRORS.NO_ORGANISATION, 'Cost centres belong to an organisation');
  return { userId: caller.userId, organisationId: caller.organisationId };
}

export function createBudgetsService(repo: BudgetsRepository) {
  async function requireAdmin(caller: Caller): Promise<OrganisationCaller> {
    const org = member(caller);
    if ((await repo.roleOf(org)) !== 'admin') throw adminsOnly();
    return org;
  }

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
      const org = await requireAdmin(caller);
      return { over_budget: await repo.rule(org), cost_centres: await repo.list(org) };
    },

    async create(caller: Caller, fields: CostCentreFields): Promise<CostCentre> {
      return save(await requireAdmin(caller), fields);
    },

    async get(caller: Caller, id: string): Promise<CostCentre> {
      const org = member(caller);
      const found = await repo.get(org, id);
      if (!found) throw notFound();
      if ((await repo.roleOf(org)) !== 'admin') throw adminsOnly();
      return found;
    },

    async update(caller: Caller, id: string, fields: CostCentreFields): Promise<CostCentre> {
      const org = member(caller);
      if (!(await repo.get(org, id))) throw notFound();
      if ((await repo.roleOf(org)) !== 'admin') throw adminsOnly();
      return save(org, fields, id);
    },

    async setRule(caller: Caller, rule: OverBudgetRule): Promise<{ over_budget: OverBudgetRule }> {
      const org = await requireAdmin(caller);
      await repo.setRule(org, rule);
      return { over_budget: rule };
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

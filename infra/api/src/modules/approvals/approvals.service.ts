// Approval rules and orders waiting for approval (issue 33, decision 055). The rules are the
// administrator's; an order that meets one is submitted instead of placed, stored as the buyer saw
// it (lines, addresses, the checkout's fields, totals) and the cart emptied. An approver's approval
// prices the lines again and places them through the orders' placement (the same stock, discount
// and price checks), in the buyer's name; if anything changed the approver is shown what and decides
// again. Every step is in the request's history, and the decision is mailed to the buyer.
import {
  APPROVAL_ERRORS,
  CHECKOUT_ERRORS,
  type ApprovalChange,
  type ApprovalCheck,
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalRequestList,
  type ApprovalRule,
  type ApprovalRuleInput,
  type ApprovalRuleList,
  type ApprovalRuleOptions,
  type Checkout,
  type CheckoutPreviewRequest,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { enqueue, mailLocale } from '../../common/outbox';
import type { Member, MemberDirectoryPort } from '../accounts/contract';
import type { CategoryFactsPort } from '../catalog/contract';
import type { VettedOrder } from '../orders/contract';
import { hasAuthority, requireAuthority, requireOrderingCustomer, roleHas } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import type { ApprovalSnapshot } from './tables';
import type { AddressSnapshot } from '../orders/tables';
import { AppError } from '../../errors';
import type { ContentLocale, ShopScope } from '../../plugins/request-context';
import type { ApprovalsRepository, RequestRow, RuleRow } from './approvals.repository';
import { rulesMet, type Reason } from './approvals.rules';

/** What approvals need of the checkout's quote (app.ts passes the checkout service): the cart, or the given lines, priced now. */
export interface ApprovalQuote {
  quotationId: string | null;
  cart: { lines: unknown[] };
  lines: { product_id: string; name: string; quantity: number; unit_excl_vat: number; vat_rate: number }[];
  notOrderable: { product_id: string; name: string; quantity: number }[];
  money: { subtotal_excl_vat: number; discount_excl_vat: number; shipping_excl_vat: number; vat: number; excl_vat: number; incl_vat: number };
}
export interface ApprovalQuotes {
  quote(scope: ShopScope, caller: Caller, req: { delivery_country?: string; shipping_method?: string; discount_code?: string | undefined; quotation_id?: string | undefined }): Promise<ApprovalQuote>;
}

/** What the rules look at of a priced order (the checkout's quote, as placement has it). */
export interface PricedOrder {
  quotationId: string | null;
  lines: { product_id: string }[];
  money: { subtotal_excl_vat: number; discount_excl_vat: number };
}

/** The order as approved: placed through the orders module's placement (app.ts wires it). */
export interface ApprovalOrder {
  lines: { product_id: string; quantity: number }[];
  checkout: Checkout;
  delivery: AddressSnapshot;
  invoice: AddressSnapshot;
  locale: ContentLocale;
  /** Who approved (recorded in the order's history; the buyer is the orderer). */
  approverId: string;
  /** Unique per request: a retried approval never places twice. */
  reference: string;
  /** The request went to approval because it exceeded its cost centre's budget: the approval authorises charging beyond it. */
  approvedOverBudget: boolean;
}
export interface ApprovalPlacement {
  /** The given lines priced for the buyer now, with the request's shipping and discount code. */
  quote(scope: ShopScope, buyer: CustomerCaller, req: { lines: { product_id: string; quantity: number }[]; delivery_country: string; shipping_method: string; discount_code?: string | undefined }): Promise<ApprovalQuote>;
  /**
   * The submitted checkout checked as placement checks it, except the approval rule (the orders'
   * `vetSubmission`): the punchout's gate, the addresses, the lines priced now, the cost centre
   * required and as the charge takes it, on account. Its `budget`: over where the rule is approval.
   */
  vet(scope: ShopScope, caller: CustomerCaller, checkout: Checkout, signInSession: string | null): Promise<VettedOrder>;
  /** Places the lines for the buyer (OUT_OF_STOCK, NOT_ORDERABLE, ... as any placement); `inTransaction` runs in its transaction. */
  place(buyer: CustomerCaller, order: ApprovalOrder, inTransaction: (tx: Tx, placed: { id: string; number: string }) => Promise<void>): Promise<{ id: string; number: string }>;
}

export interface ApprovalsDeps {
  db: Db;
  repo: ApprovalsRepository;
  members: MemberDirectoryPort;
  categories: CategoryFactsPort;
  quotes: ApprovalQuotes;
  placement: ApprovalPlacement;
}

type OrgCustomer = CustomerCaller & { organisationId: string };

const notFound = () => new AppError(404, APPROVAL_ERRORS.NOT_FOUND, 'No such approval request');
const ruleNotFound = () => new AppError(404, APPROVAL_ERRORS.RULE_NOT_FOUND, 'No such approval rule');

/** A customer of an organisation (approvals belong to one). */
function orgCustomer(caller: Caller): OrgCustomer {
  const customer = requireOrderingCustomer(caller);
  if (!customer.organisationId) throw new AppError(403, APPROVAL_ERRORS.ORGANISATION_ONLY, 'Approvals belong to an organisation');
  return customer as OrgCustomer;
}
/** Who decides (decision 055: the role `approver` and administrators) is common/scope/authority.ts's (decision 060). */
const isApprover = (c: OrgCustomer) => hasAuthority(c, 'approve');
/** A member of the directory who is told of a request. */
const memberApproves = (m: Pick<Member, 'role'>) => roleHas(m.role, 'approve');
const ADMINS_ONLY = { code: APPROVAL_ERRORS.ADMINS_ONLY, message: "Only the organisation's administrators set approval rules" };
const APPROVERS_ONLY = { code: APPROVAL_ERRORS.APPROVERS_ONLY, message: 'Only approvers and administrators decide' };
const requireAdmin = (caller: Caller): OrgCustomer => requireAuthority(orgCustomer(caller), 'administer', ADMINS_ONLY);
const requireApprover = (caller: Caller): OrgCustomer => requireAuthority(orgCustomer(caller), 'approve', APPROVERS_ONLY);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What changed between the lines the buyer saw and the lines priced now. */
export function changesBetween(before: ApprovalSnapshot['lines'], now: ApprovalQuote): ApprovalChange[] {
  const priced = new Map(now.lines.map((l) => [l.product_id, l]));
  return before.flatMap((l): ApprovalChange[] => {
    const p = priced.get(l.product_id);
    if (!p) return [{ product_id: l.product_id, name: l.name, kind: 'unavailable', before: l.quantity, after: null }];
    if (p.unit_excl_vat !== l.unit_excl_vat) return [{ product_id: l.product_id, name: l.name, kind: 'price', before: l.unit_excl_vat, after: p.unit_excl_vat }];
    return [];
  });
}

export function createApprovalsService(deps: ApprovalsDeps) {
  const { db, repo, members, categories, quotes } = deps;

  /** The rules the quoted order meets for this buyer (none without rules: one small read). */
  async function reasonsFor(organisationId: string, userId: string, q: PricedOrder): Promise<Reason[]> {
    const rules = await repo.rules(organisationId);
    if (!rules.length) return [];
    const needsCategories = rules.some((r) => r.kind === 'categories');
    const cats = needsCategories ? await categories.ofProducts(db, q.lines.map((l) => l.product_id)) : new Map<string, number[]>();
    return rulesMet(rules, {
      userId,
      goodsExclVat: q.money.subtotal_excl_vat - q.money.discount_excl_vat,
      lineCategories: q.lines.map((l) => cats.get(l.product_id) ?? []),
    });
  }

  /** Whether approvals apply: an organisation's order on account in the portal, of the cart (an accepted quotation was agreed already). */
  const applies = (scope: ShopScope, caller: CustomerCaller, q: Pick<PricedOrder, 'quotationId'>): caller is OrgCustomer =>
    scope.shop === 'portal' && caller.organisationId !== null && q.quotationId === null;

  async function names(organisationId: string, ids: string[]): Promise<Map<string, Member>> {
    return members.people(db, organisationId, [...new Set(ids)]);
  }

  function ruleAnswer(r: RuleRow, people: Map<string, Member>, cats: Map<number, string>): ApprovalRule {
    return {
      id: r.id,
      kind: r.kind,
      amount_cents: r.amountCents,
      categories: r.categoryIds.map((id) => ({ id, name: cats.get(id) ?? String(id) })),
      users: r.userIds.map((id) => ({ id, name: people.get(id)?.name ?? '' })),
      created_at: iso(r.createdAt)!,
    };
  }

  function summary(r: RequestRow, people: Map<string, Member>) {
    return {
      id: r.id,
      status: r.status,
      buyer: people.get(r.userId)?.name ?? '',
      created_at: iso(r.createdAt)!,
      total_incl_vat: r.snapshot.money.incl_vat,
      order_id: r.orderId,
      order_number: r.orderNumber,
      reasons: r.reasons as Reason[],
    };
  }

  async function detail(caller: OrgCustomer, r: RequestRow): Promise<ApprovalRequest> {
    const history = await repo.historyOf(r.id);
    const people = await names(caller.organisationId, [r.userId, ...(r.decidedByUserId ? [r.decidedByUserId] : []), ...history.flatMap((h) => (h.byUserId ? [h.byUserId] : []))]);
    const m = r.snapshot.money;
    const checkout = r.snapshot.checkout as Partial<Checkout>;
    return {
      ...summary(r, people),
      lines: r.snapshot.lines,
      totals: { excl_vat: m.subtotal_excl_vat - m.discount_excl_vat + m.shipping_excl_vat, vat: m.vat, incl_vat: m.incl_vat, shipping_excl_vat: m.shipping_excl_vat, discount_excl_vat: m.discount_excl_vat },
      delivery: { box: null, email: null, phone: null, ...(r.snapshot.delivery as AddressSnapshot) },
      external_order_number: checkout.external_order_number || null,
      remarks: checkout.remarks || null,
      comment: r.comment,
      decided_by: r.decidedByUserId ? (people.get(r.decidedByUserId)?.name ?? null) : null,
      decided_at: iso(r.decidedAt),
      changes: r.status === 'pending' ? ((r.changes as ApprovalChange[] | null) ?? []) : [],
      can_decide: r.status === 'pending' && isApprover(caller) && r.userId !== caller.userId,
      history: history.map((h) => ({ event: h.event as ApprovalRequest['history'][number]['event'], at: iso(h.at)!, by: h.byUserId ? (people.get(h.byUserId)?.name ?? null) : null, note: h.note })),
    };
  }

  /** The buyer's request (theirs) or, for an approver, any of the organisation's. */
  async function visible(caller: OrgCustomer, id: string): Promise<RequestRow> {
    const r = await repo.get(caller.organisationId, id);
    if (!r || (r.userId !== caller.userId && !isApprover(caller))) throw notFound();
    return r;
  }

  /**
   * The mail to the buyer about the decision, in their language, written in the decision's
   * transaction (`buyer` read before it: nothing else is read on another connection meanwhile).
   */
  async function tellBuyer(tx: Db | Tx, r: RequestRow, buyer: Member | undefined, decision: 'approved' | 'rejected', comment: string | null, order: { number: string } | null) {
    if (!buyer) return;
    await enqueue(tx, {
      channel: 'email',
      recipient: buyer.email,
      template: decision === 'approved' ? 'approval.approved' : 'approval.rejected',
      locale: mailLocale(buyer.locale),
      payload: { firstName: buyer.firstName, orderNumber: order?.number ?? null, comment, path: `/${mailLocale(buyer.locale)}/my-orders/approvals/${r.id}` },
    });
  }

  /**
   * Every approver of the buyer's organisation (active members only, never another organisation's)
   * is told a request waits, each in their own language, in the submission's transaction. The buyer
   * is not, even as an approver: nobody decides their own request.
   */
  async function tellApprovers(tx: Tx, buyer: OrgCustomer, r: RequestRow) {
    const people = await members.members(tx, buyer.organisationId);
    const buyerName = people.find((p) => p.id === buyer.userId)?.name ?? '';
    const approvers = people.filter((p) => memberApproves(p) && p.id !== buyer.userId);
    await enqueue(
      tx,
      ...approvers.map((a) => ({
        channel: 'email' as const,
        recipient: a.email,
        template: 'approval.submitted',
        locale: mailLocale(a.locale),
        payload: { firstName: a.firstName, buyerName, totalCents: r.snapshot.money.incl_vat, path: `/${mailLocale(a.locale)}/my-orders/approvals/${r.id}` },
      })),
    );
  }

  async function approve(caller: OrgCustomer, scope: ShopScope, r: RequestRow, d: ApprovalDecision): Promise<ApprovalRequest> {
    const { placement } = deps;
    const buyers = await names(caller.organisationId, [r.userId]);
    const buyerMember = buyers.get(r.userId);
    // A buyer who left the organisation (or was deactivated) cannot be ordered for: reject instead.
    if (!buyerMember) throw new AppError(409, APPROVAL_ERRORS.CHANGED, 'The buyer is no longer a member of the organisation', undefined, undefined, { changes: [] });
    const buyer: CustomerCaller = { kind: 'customer', userId: r.userId, organisationId: r.organisationId, role: buyerMember.role as CustomerCaller['role'] };
    const locale = (['en', 'nl', 'fr'].includes(r.locale) ? r.locale : 'en') as ContentLocale;
    const buyerScope: ShopScope = { ...scope, locale };
    const checkout = r.snapshot.checkout as Checkout;
    const delivery = r.snapshot.delivery as AddressSnapshot;
    const lines = r.snapshot.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
    const now = await placement.quote(buyerScope, buyer, { lines, delivery_country: delivery.country, shipping_method: checkout.shipping_method, discount_code: checkout.discount_code });
    const changes = changesBetween(r.snapshot.lines, now);
    const changed = async (list: ApprovalChange[]) => {
      await repo.recordChanges(r.id, list, caller.userId);
      return new AppError(409, APPROVAL_ERRORS.CHANGED, 'The order changed since it was submitted: decide again', undefined, undefined, { changes: list });
    };
    // A line that can no longer be ordered is never placed silently without it: the approver rejects.
    if (changes.length && (!d.accept_changes || changes.some((c) => c.kind === 'unavailable'))) throw await changed(changes);
    try {
      await placement.place(buyer, { lines, checkout, delivery, invoice: r.snapshot.invoice as AddressSnapshot, locale, approverId: caller.userId, reference: `approval:${r.id}`, approvedOverBudget: (r.reasons as Reason[]).some((x) => x.kind === 'budget') }, async (tx, placed) => {
        if (!(await repo.decide(tx, r.id, { status: 'approved', byUserId: caller.userId, comment: d.comment || null, order: placed }))) {
          throw new AppError(409, APPROVAL_ERRORS.DECIDED, 'This request was decided meanwhile');
        }
        await tellBuyer(tx, r, buyerMember, 'approved', d.comment || null, placed);
      });
    } catch (err) {
      // Stock short at this moment: shown as a change; the approver rejects or tries later.
      if (err instanceof AppError && err.code === CHECKOUT_ERRORS.OUT_OF_STOCK) {
        const short = ((err.extensions as { lines?: { product_id: string; name: string; requested: number; available: number }[] } | undefined)?.lines ?? []).map(
          (l): ApprovalChange => ({ product_id: l.product_id, name: l.name, kind: 'stock', before: l.requested, after: l.available }),
        );
        throw await changed(short);
      }
      throw err;
    }
    return detail(caller, (await repo.get(caller.organisationId, r.id))!);
  }

  return {
    /** Refuses a placement that meets a rule (POST /v1/orders): the buyer submits it for approval instead. Called by the orders module with its quote. */
    async refuseIfRequired(scope: ShopScope, caller: CustomerCaller, q: PricedOrder): Promise<void> {
      if (!applies(scope, caller, q)) return;
      const reasons = await reasonsFor(caller.organisationId, caller.userId, q);
      if (reasons.length) throw new AppError(409, APPROVAL_ERRORS.REQUIRED, 'This order needs approval: submit it for approval', undefined, undefined, { reasons });
    },

    /** Whether the checkout as it stands needs approval (the checkout's notice and its button). */
    async check(scope: ShopScope, caller: Caller, req: CheckoutPreviewRequest): Promise<ApprovalCheck> {
      const customer = requireOrderingCustomer(caller);
      const q = await quotes.quote(scope, customer, req);
      if (!applies(scope, customer, q)) return { required: false, reasons: [] };
      const reasons = await reasonsFor(customer.organisationId, customer.userId, q);
      return { required: reasons.length > 0, reasons };
    },

    /**
     * Submits the caller's checkout for approval: stored as priced now, the cart emptied. The entry
     * point for any other reason an order goes to approval (`extraReasons`): with one, the rules need
     * not apply. A budget exceeded (issue 33) is never taken from the caller: it is found here, on the
     * checkout's cost centre and the total priced now, where the organisation's rule is "approval"
     * (where it refuses, 409 BUDGET_EXCEEDED, as placement would).
     */
    /** `signInSession`: the access token's `sid`; an open punchout session's cart is refused (it goes back to the procurement system). */
    async submit(scope: ShopScope, caller: Caller, body: Checkout, locale: ContentLocale, signInSession: string | null, extraReasons: Reason[] = []): Promise<ApprovalRequest> {
      const customer = orgCustomer(caller);
      if (body.quotation_id) throw new AppError(409, APPROVAL_ERRORS.NOT_REQUIRED, 'An accepted quotation is ordered without approval');
      // Every check placement runs but the rule that sends it here (issue 40): what could never be
      // approved is refused now, with placement's code; the budget's reason is found there too.
      const q = await deps.placement.vet(scope, customer, body, signInSession);
      const { invoice, delivery } = q;
      const budget: Reason[] = q.budget ? [{ kind: 'budget', amount_cents: q.budget.remainingCents, cost_centre: q.budget.costCentre }] : [];
      const reasons = [
        ...(applies(scope, customer, q) ? await reasonsFor(customer.organisationId, customer.userId, q) : []),
        ...extraReasons.filter((r) => r.kind !== 'budget'),
        ...budget,
      ];
      if (!reasons.length) throw new AppError(409, APPROVAL_ERRORS.NOT_REQUIRED, 'This order needs no approval: place it');
      const m = q.money;
      const row = await repo.submit(
        {
          organisationId: customer.organisationId,
          userId: customer.userId,
          reasons,
          locale,
          snapshot: {
            checkout: { ...body },
            lines: q.lines.map((l) => ({ product_id: l.product_id, name: l.name, quantity: l.quantity, unit_excl_vat: l.unit_excl_vat, vat_rate: l.vat_rate })),
            delivery,
            invoice,
            money: { subtotal_excl_vat: m.subtotal_excl_vat, discount_excl_vat: m.discount_excl_vat, shipping_excl_vat: m.shipping_excl_vat, vat: m.vat, incl_vat: m.incl_vat },
          },
        },
        customer,
        q.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
        (tx, r) => tellApprovers(tx, customer, r),
      );
      return detail(customer, row);
    },

    async list(caller: Caller, view: 'mine' | 'queue' | 'all'): Promise<ApprovalRequestList> {
      const c = view === 'mine' ? orgCustomer(caller) : requireApprover(caller);
      const rows = await repo.list(c.organisationId, view === 'mine' ? { userId: c.userId } : view === 'queue' ? { status: 'pending' } : {});
      const people = await names(c.organisationId, rows.map((r) => r.userId));
      return { items: rows.map((r) => summary(r, people)) };
    },

    /** How many wait for the caller's decision (0 for a buyer): the header's count. */
    async pendingCount(caller: Caller): Promise<{ count: number }> {
      const c = orgCustomer(caller);
      return { count: isApprover(c) ? await repo.countPending(c.organisationId) : 0 };
    },

    async get(caller: Caller, id: string): Promise<ApprovalRequest> {
      const c = orgCustomer(caller);
      return detail(c, await visible(c, id));
    },

    async decide(scope: ShopScope, caller: Caller, id: string, d: ApprovalDecision): Promise<ApprovalRequest> {
      const c = orgCustomer(caller);
      const r = await visible(c, id);
      requireAuthority(c, 'approve', APPROVERS_ONLY);
      if (r.userId === c.userId) throw new AppError(403, APPROVAL_ERRORS.OWN_REQUEST, 'Another approver decides your own request');
      if (r.status !== 'pending') throw new AppError(409, APPROVAL_ERRORS.DECIDED, 'This request was decided already');
      if (d.decision === 'approve') return approve(c, scope, r, d);
      const buyer = (await names(c.organisationId, [r.userId])).get(r.userId);
      await db.transaction(async (tx) => {
        if (!(await repo.decide(tx, r.id, { status: 'rejected', byUserId: c.userId, comment: d.comment || null }))) {
          throw new AppError(409, APPROVAL_ERRORS.DECIDED, 'This request was decided meanwhile');
        }
        await tellBuyer(tx, r, buyer, 'rejected', d.comment || null, null);
      });
      return detail(c, (await repo.get(c.organisationId, r.id))!);
    },

    async rules(caller: Caller, locale: string): Promise<ApprovalRuleList> {
      const c = requireAdmin(caller);
      const rows = await repo.rules(c.organisationId);
      const [people, cats] = await Promise.all([names(c.organisationId, rows.flatMap((r) => r.userIds)), categories.list(db, locale)]);
      const catNames = new Map(cats.map((x) => [x.id, x.name]));
      return { items: rows.map((r) => ruleAnswer(r, people, catNames)) };
    },

    async ruleOptions(caller: Caller, locale: string): Promise<ApprovalRuleOptions> {
      const c = requireAdmin(caller);
      const [people, cats] = await Promise.all([members.members(db, c.organisationId), categories.list(db, locale)]);
      const family = new Map(cats.filter((x) => x.parentId === null).map((x) => [x.id, x.name]));
      return {
        users: people.map((p) => ({ id: p.id, name: p.name })),
        // A sub-category is named with its family ("Medical › Bandages"): the same name may be in two families.
        categories: cats.map((x) => ({ id: x.id, name: x.parentId === null ? x.name : `${family.get(x.parentId) ?? ''} › ${x.name}` })),
      };
    },

    async addRule(caller: Caller, input: ApprovalRuleInput, locale: string): Promise<ApprovalRule> {
      const c = requireAdmin(caller);
      if ((await repo.countRules(c.organisationId)) >= 50) throw new AppError(409, APPROVAL_ERRORS.INVALID_RULE, 'At most 50 approval rules');
      const categoryIds = input.kind === 'categories' ? [...new Set(input.category_ids)] : [];
      const userIds = input.kind === 'users' ? [...new Set(input.user_ids.map((id) => id.toLowerCase()))] : [];
      const cats = await categories.list(db, locale);
      const people = await names(c.organisationId, userIds);
      // Only the catalogue's categories and the organisation's own members: another organisation's user is refused.
      const unknownCategory = categoryIds.findIndex((id) => !cats.some((x) => x.id === id));
      const unknownUser = userIds.findIndex((id) => !people.has(id));
      if (unknownCategory >= 0 || unknownUser >= 0) {
        const path = unknownCategory >= 0 ? `category_ids.${unknownCategory}` : `user_ids.${unknownUser}`;
        throw new AppError(422, APPROVAL_ERRORS.INVALID_RULE, 'Not a category or member of the organisation', [{ path, message: 'validation.invalid.value' }]);
      }
      const row = await repo.addRule(c, { kind: input.kind, amountCents: input.kind === 'order_total_above' ? input.amount_cents : null, categoryIds, userIds });
      return ruleAnswer(row, people, new Map(cats.map((x) => [x.id, x.name])));
    },

    /** Another organisation's rule (or none) is not found, whoever asks; then only an administrator removes it. */
    async removeRule(caller: Caller, id: string): Promise<void> {
      const c = orgCustomer(caller);
      if (!(await repo.ruleExists(c.organisationId, id))) throw ruleNotFound();
      requireAdmin(c);
      if (!(await repo.removeRule(c.organisationId, id))) throw ruleNotFound();
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;

// The approval rules, the requests and their history (the approvals module's own tables, decision
// 039). Every read and write names the caller's organisation: another organisation's rule or request
// is not found. A decision is a conditional update on a pending request, so two approvers deciding at
// once decide it once.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CHECKOUT_ERRORS, type ApprovalEvent, type ApprovalRequestStatus } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../caller';
import { cartLock } from '../../common/locks';
import type { CartPort } from '../cart/contract';
import { AppError } from '../../errors';
import { isUuid } from '../../common/uuid';
import type { Db, Tx } from '../../db/client';
import { approvalHistory, approvalRequests, approvalRules, type ApprovalSnapshot } from './tables';
import * as v from 'valibot';
import { rowShape, typedRows } from '../../db/typed-rows';
import type { StoredRule } from './approvals.rules';

const heldRow = rowShape({ held: v.array(v.object({ product_id: v.string(), quantity: v.number() })) });

export type RuleRow = typeof approvalRules.$inferSelect;
export type RequestRow = typeof approvalRequests.$inferSelect;
export type HistoryRow = typeof approvalHistory.$inferSelect;

export function createApprovalsRepository(db: Db, cart: CartPort) {
  const history = (tx: Db | Tx, requestId: string, event: ApprovalEvent, byUserId: string | null, note: string | null = null) =>
    tx.insert(approvalHistory).values({ requestId, event, byUserId, note });

  return {
    history,

    async rules(organisationId: string): Promise<(RuleRow & StoredRule)[]> {
      const rows = await db.select().from(approvalRules).where(eq(approvalRules.organisationId, organisationId)).orderBy(asc(approvalRules.createdAt), asc(approvalRules.id));
      return rows.map((r) => ({ ...r, kind: r.kind }));
    },

    async countRules(organisationId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(approvalRules).where(eq(approvalRules.organisationId, organisationId));
      return row?.n ?? 0;
    },

    async addRule(caller: CustomerCaller & { organisationId: string }, rule: Pick<RuleRow, 'kind' | 'amountCents' | 'categoryIds' | 'userIds'>): Promise<RuleRow> {
      const [row] = await db.insert(approvalRules).values({ ...rule, organisationId: caller.organisationId, createdByUserId: caller.userId }).returning();
      return row!;
    },

    async ruleExists(organisationId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.select({ id: approvalRules.id }).from(approvalRules).where(and(eq(approvalRules.id, id), eq(approvalRules.organisationId, organisationId)));
      return rows.length > 0;
    },

    /** false: no such rule in the organisation. */
    async removeRule(organisationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(approvalRules).where(and(eq(approvalRules.id, id), eq(approvalRules.organisationId, organisationId))).returning({ id: approvalRules.id });
      return rows.length > 0;
    },

    /**
     * A new pending request and its first history row, and the buyer's cart emptied, in one
     * transaction under the cart's lock (as placement empties it). The cart must still hold exactly
     * the priced lines: a cart changed meanwhile is CART_BUSY and nothing is written. `inTransaction`
     * runs last in the same transaction (the approvers' mails: sent exactly when the request exists).
     */
    async submit(
      input: { organisationId: string; userId: string; reasons: unknown[]; snapshot: ApprovalSnapshot; locale: string },
      buyer: CustomerCaller,
      priced: { product_id: string; quantity: number }[],
      inTransaction?: (tx: Tx, row: RequestRow) => Promise<void>,
    ): Promise<RequestRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select ${cartLock({ kind: 'user', userId: buyer.userId })}`);
        const [held] = await typedRows(tx, heldRow, sql`with emptied as (${cart.emptyStep(buyer, sql`true`)}) select ${cart.held(buyer)} as held`);
        const sorted = [...priced].sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0));
        const same = held!.held.length === sorted.length && held!.held.every((l, i) => l.product_id === sorted[i]!.product_id && l.quantity === sorted[i]!.quantity);
        if (!same) throw new AppError(409, CHECKOUT_ERRORS.CART_BUSY, 'The cart is being changed; try again');
        const [row] = await tx.insert(approvalRequests).values(input).returning();
        await history(tx, row!.id, 'submitted', input.userId);
        await inTransaction?.(tx, row!);
        return row!;
      });
    },

    /** The organisation's requests (`userId`: one buyer's), newest first; `status`: only these. */
    async list(organisationId: string, filter: { userId?: string; status?: ApprovalRequestStatus }): Promise<RequestRow[]> {
      return db
        .select()
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.organisationId, organisationId),
            filter.userId ? eq(approvalRequests.userId, filter.userId) : undefined,
            filter.status ? eq(approvalRequests.status, filter.status) : undefined,
          ),
        )
        .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
        .limit(200);
    },

    async countPending(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(approvalRequests)
        .where(and(eq(approvalRequests.organisationId, organisationId), eq(approvalRequests.status, 'pending')));
      return row?.n ?? 0;
    },

    async get(organisationId: string, id: string): Promise<RequestRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(approvalRequests).where(and(eq(approvalRequests.id, id), eq(approvalRequests.organisationId, organisationId)));
      return row ?? null;
    },

    async historyOf(requestId: string): Promise<HistoryRow[]> {
      return db.select().from(approvalHistory).where(eq(approvalHistory.requestId, requestId)).orderBy(asc(approvalHistory.at), asc(approvalHistory.id));
    },

    /** Records what changed since submission (shown to the approver, who decides again). */
    async recordChanges(id: string, changes: unknown, byUserId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(approvalRequests).set({ changes, updatedAt: sql`now()` }).where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')));
        await history(tx, id, 'changed', byUserId);
      });
    },

    /**
     * Decides a pending request in `tx` (the placement's, for an approval): false when it was
     * decided meanwhile (the caller rolls back). Approved: the order it placed.
     */
    async decide(
      tx: Db | Tx,
      id: string,
      d: { status: 'approved' | 'rejected'; byUserId: string; comment: string | null; order?: { id: string; number: string } },
    ): Promise<boolean> {
      const rows = await tx
        .update(approvalRequests)
        .set({
          status: d.status,
          decidedByUserId: d.byUserId,
          decidedAt: sql`now()`,
          comment: d.comment,
          orderId: d.order?.id ?? null,
          orderNumber: d.order?.number ?? null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')))
        .returning({ id: approvalRequests.id });
      if (!rows.length) return false;
      await history(tx, id, d.status, d.byUserId, d.comment);
      if (d.order) await history(tx, id, 'placed', d.byUserId, d.order.number);
      return true;
    },

    /** The people named by these requests and histories, for their names. */
    ids: (rows: { userId?: string | null; decidedByUserId?: string | null; byUserId?: string | null }[]) =>
      [...new Set(rows.flatMap((r) => [r.userId, r.decidedByUserId, r.byUserId]).filter((id): id is string => typeof id === 'string'))],
  };
}
export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;

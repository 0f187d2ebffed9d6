// The approvals' part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts). The download: the requests they sent and the decisions they took.
// The erasure: a request that became an order is the organisation's record of who allowed that
// spending, kept as long as the order it led to, with the person's name and contact replaced in its
// snapshot as the order's are (modules/orders/placement/personal-data.ts); a request that never became
// an order (pending, rejected, cancelled) has no purpose left and goes, with its history. The words
// they wrote (a decision's comment, a history note) go too.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PersonalDataPort } from '../accounts/contract';
import { approvalHistory, approvalRequests } from './tables';

/** What replaces a person's contact in the snapshot's address copies, as on the order. */
const ANONYMOUS_CONTACT = { label: '', email: null, phone: null };
/** What replaces the submitter in the snapshot's checkout, as on the order. */
const ANONYMOUS_SUBMITTER = { first_name: '', last_name: '', function: '', full_name: '' };

export const approvalsPersonalData: PersonalDataPort = {
  owner: 'approvals',

  async exportOf(db, { userId }) {
    const sent = await db
      .select({
        sent_at: approvalRequests.createdAt,
        status: approvalRequests.status,
        decided_at: approvalRequests.decidedAt,
        comment: approvalRequests.comment,
        order_number: approvalRequests.orderNumber,
        total_incl_vat: sql<number>`(${approvalRequests.snapshot} -> 'money' ->> 'incl_vat')::numeric`.mapWith(Number),
      })
      .from(approvalRequests)
      .where(eq(approvalRequests.userId, userId))
      .orderBy(asc(approvalRequests.createdAt));
    const decided = await db
      .select({ sent_at: approvalRequests.createdAt, status: approvalRequests.status, decided_at: approvalRequests.decidedAt, comment: approvalRequests.comment, order_number: approvalRequests.orderNumber })
      .from(approvalRequests)
      .where(eq(approvalRequests.decidedByUserId, userId))
      .orderBy(asc(approvalRequests.decidedAt));
    return { approval_requests: sent, approval_decisions: decided };
  },

  async erase(tx, { userId }) {
    // Never an order: nothing to keep (their history rows go with them, on delete cascade).
    await tx.delete(approvalRequests).where(and(eq(approvalRequests.userId, userId), isNull(approvalRequests.orderId)));
    await tx
      .update(approvalRequests)
      .set({
        snapshot: sql`jsonb_set(jsonb_set(jsonb_set(${approvalRequests.snapshot},
          '{checkout,submitter}', coalesce(${approvalRequests.snapshot} #> '{checkout,submitter}', '{}'::jsonb) || ${JSON.stringify(ANONYMOUS_SUBMITTER)}::jsonb),
          '{delivery}', coalesce(${approvalRequests.snapshot} -> 'delivery', '{}'::jsonb) || ${JSON.stringify(ANONYMOUS_CONTACT)}::jsonb),
          '{invoice}', coalesce(${approvalRequests.snapshot} -> 'invoice', '{}'::jsonb) || ${JSON.stringify(ANONYMOUS_CONTACT)}::jsonb)`,
      })
      .where(eq(approvalRequests.userId, userId));
    await tx.update(approvalRequests).set({ comment: null }).where(eq(approvalRequests.decidedByUserId, userId));
    await tx.update(approvalHistory).set({ note: null }).where(eq(approvalHistory.byUserId, userId));
  },
};

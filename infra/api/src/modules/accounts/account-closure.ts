// Closing an account (issue 44, decision 063), written once for the two who may: the person
// (a web-shop customer, modules/accounts/privacy) and their organisation's administrator (modules/accounts/users).
// A building block of the accounts' tables, as shut-out.ts is (decision 039 §5): it imports no module.
//
// A closed account is a locked one: `disabled_at` is set with `closed_at`, so every existing check
// refuses it without a second rule (sign-in and the password and code flows through shut-out.ts,
// a refresh through its family, every authenticated request through plugins/access-state.ts, on
// every instance, since they all read the database). Its sign-ins end now: every refresh-token
// family is revoked. `closed_at` starts the retention period the privacy module's job counts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/audit-log';
import { memberships, refreshTokenFamilies, users } from './tables';

export interface ClosureAudit {
  /** Who closed it: the person themself or an administrator. */
  actorUserId: string;
  /** The administrator's organisation; null when the person closed it. */
  organisationId: string | null;
  ip: string;
  requestId: string;
}

/**
 * Closes the account on the caller's transaction. Null when it was closed already (nothing
 * changes: the first closure's date keeps counting); else when it was closed.
 */
export async function closeAccount(tx: Tx, userId: string, audit: ClosureAudit): Promise<Date | null> {
  const [closed] = await tx
    .update(users)
    .set({ closedAt: sql`now()`, disabledAt: sql`coalesce(${users.disabledAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .returning({ closedAt: users.closedAt });
  if (!closed?.closedAt) return null;
  await tx.update(memberships).set({ deactivatedAt: sql`coalesce(${memberships.deactivatedAt}, now())` }).where(eq(memberships.userId, userId));
  await tx
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: 'account closed' })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
  await tx.insert(auditLog).values({
    action: 'account.closed',
    actorUserId: audit.actorUserId,
    organisationId: audit.organisationId,
    entityType: 'user',
    entityId: userId,
    ip: audit.ip,
    requestId: audit.requestId,
  });
  return closed.closedAt;
}

// An administrator closes a user's account (issue 44, decision 063). The last-administrator rule
// is the users admin's own (otherActiveAdmins, checked in the same transaction, as for a
// deactivation). A person who belongs to another organisation too keeps their account there: this
// organisation's administrator has no say over it (decision 032), so they leave this one only
// (their membership removed, their sign-ins here ended). Otherwise the account is closed
// (modules/accounts/account-closure.ts) and the retention period starts.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserClosure } from '@portal/shared/schemas';
import { closeAccount } from '../account-closure';
import { roleHas } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { memberships, refreshTokenFamilies } from '../tables';
import { otherActiveAdmins, type AdminCaller } from './users.repository';

export function createUserClosure(db: Db) {
  return async (caller: AdminCaller, userId: string, audit: { ip: string; requestId: string }): Promise<UserClosure['result'] | 'last_admin' | 'not_found'> =>
    db.transaction(async (tx) => {
      const membership = and(eq(memberships.userId, userId), eq(memberships.organisationId, caller.organisationId));
      const [found] = await tx.select({ role: memberships.role, deactivatedAt: memberships.deactivatedAt }).from(memberships).where(membership).for('update');
      if (!found) return 'not_found';
      if (roleHas(found.role, 'administer') && !found.deactivatedAt && (await otherActiveAdmins(tx, caller.organisationId, userId)) === 0) return 'last_admin';
      const elsewhere = await tx
        .select({ organisationId: memberships.organisationId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), ne(memberships.organisationId, caller.organisationId)))
        .limit(1);
      if (elsewhere.length) {
        await tx.delete(memberships).where(membership);
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: sql`now()`, revokedReason: 'removed from the organisation' })
          .where(and(eq(refreshTokenFamilies.userId, userId), eq(refreshTokenFamilies.organisationId, caller.organisationId), isNull(refreshTokenFamilies.revokedAt)));
        await tx.insert(auditLog).values({ action: 'users.removed', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: userId, ...audit });
        return 'removed';
      }
      await closeAccount(tx, userId, { actorUserId: caller.userId, organisationId: caller.organisationId, ...audit });
      return 'closed';
    });
}

// The person's own privacy requests (issue 44, decision 063): their data as a download, and, for a
// web-shop customer, closing their account. A member of an organisation asks its administrator
// (the users admin closes it there): their orders and quotations are the organisation's.
import { ACCOUNT_ERRORS, API_ERRORS, AUTH_ERRORS, PRIVACY_ERRORS, type AccountClosed, type DataExport } from '@portal/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../../caller';
import { closeAccount } from '../account-closure';
import { requireCustomer } from '../../../common/scope';
import type { DataSubject, PersonalDataPort } from '../contract';
import type { Db } from '../../../db/client';
import { memberships, users } from '../tables';
import { AppError } from '../../../errors';
import { exportPersonalData } from './data-export';
import { erasedFrom } from './retention-job';

type Audit = { ip: string; requestId: string };

export function createPrivacyService(deps: { db: Db; owners: readonly PersonalDataPort[]; retentionDays: number }) {
  const { db, owners, retentionDays } = deps;

  /** A signed-in person (a customer or staff), as stored now. */
  async function subjectOf(caller: Caller): Promise<DataSubject> {
    if (caller.kind !== 'customer' && caller.kind !== 'staff') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
    const [found] = await db.select({ userId: users.id, email: users.email, phone: users.phone }).from(users).where(eq(users.id, caller.userId));
    if (!found) throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
    return found;
  }

  return {
    async exportData(caller: Caller): Promise<DataExport> {
      return exportPersonalData(db, await subjectOf(caller), owners, new Date());
    },

    async close(caller: Caller, audit: Audit): Promise<AccountClosed> {
      const { userId } = await subjectOf(requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'Provider staff accounts are closed by the operator' }));
      return db.transaction(async (tx) => {
        const [member] = await tx.select({ organisationId: memberships.organisationId }).from(memberships).where(eq(memberships.userId, userId)).limit(1);
        if (member) throw new AppError(403, PRIVACY_ERRORS.CLOSE_BY_ADMINISTRATOR, "Your organisation's administrator closes your account");
        const closedAt = await closeAccount(tx, userId, { actorUserId: userId, organisationId: null, ...audit });
        // Closed already: the access check refuses the caller before this; a race answers the same.
        if (!closedAt) throw new AppError(401, AUTH_ERRORS.ACCOUNT_DISABLED, 'This account is closed');
        return { closed_at: closedAt.toISOString(), erased_from: erasedFrom(closedAt, retentionDays) };
      });
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

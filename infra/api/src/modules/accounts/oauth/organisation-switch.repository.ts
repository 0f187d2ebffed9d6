// Data access of the organisation switch (decision 057). The caller is a signed-in customer and every
// query is keyed by the caller's own user id: their memberships and their session are their own rows
// (decision 037), never another user's.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { MembershipRole } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { memberships, organisations, refreshTokenFamilies, refreshTokens } from '../tables';

export interface MemberOrganisationRow {
  id: string;
  name: string;
  role: MembershipRole;
}

/** Why a switch was refused, or the family that now acts for the chosen organisation. */
export type SwitchOutcome =
  | { outcome: 'not-member' }
  | { outcome: 'session-invalid' }
  | { outcome: 'switched'; familyId: string; role: MembershipRole; from: string | null };

export function createOrganisationSwitchRepository(db: Db) {
  return {
    /** The caller's active memberships, by organisation name. */
    async activeMemberships(caller: CustomerCaller): Promise<MemberOrganisationRow[]> {
      return db
        .select({ id: organisations.id, name: organisations.name, role: memberships.role })
        .from(memberships)
        .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
        .where(and(eq(memberships.userId, caller.userId), isNull(memberships.deactivatedAt)))
        .orderBy(asc(organisations.name), asc(organisations.id));
    },

    /**
     * Moves the caller's session (the refresh-token family of `presentedHash`) to `organisationId`, in
     * one transaction: the membership must be active (it is stamped as chosen last, the next sign-in's
     * start), the presented refresh token must be the caller's, unspent, unexpired and of a family not
     * revoked; it is spent and `next` joins the family, which now names the new organisation. The
     * audit entry is written with it. A refusal changes nothing (the refresh token stays usable).
     */
    async switchSession(
      caller: CustomerCaller,
      input: { organisationId: string; presentedHash: string; next: { tokenHash: string; expiresAt: Date; sessionMaxMs: number } },
      context: { ip: string; requestId: string },
    ): Promise<SwitchOutcome> {
      return db.transaction(async (tx) => {
        const chosen = and(eq(memberships.userId, caller.userId), eq(memberships.organisationId, input.organisationId), isNull(memberships.deactivatedAt));
        // Checked before anything is written, so that a refusal leaves no trace but the log line.
        const [membership] = await tx.select({ role: memberships.role }).from(memberships).where(chosen).for('update');
        if (!membership) return { outcome: 'not-member' } as const;
        // `for update`: a refresh of the same token in parallel waits, then finds it spent.
        const [found] = await tx
          .select({
            id: refreshTokens.id,
            familyId: refreshTokens.familyId,
            usedAt: refreshTokens.usedAt,
            expiresAt: refreshTokens.expiresAt,
            organisationId: refreshTokenFamilies.organisationId,
            startedAt: refreshTokenFamilies.createdAt,
          })
          .from(refreshTokens)
          .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
          .where(and(eq(refreshTokens.tokenHash, input.presentedHash), eq(refreshTokenFamilies.userId, caller.userId), isNull(refreshTokenFamilies.revokedAt)))
          .limit(1)
          .for('update');
        const now = Date.now();
        const sessionEnd = found ? found.startedAt.getTime() + input.next.sessionMaxMs : 0;
        if (found?.usedAt) {
          // A spent token presented again is reuse, as at the token endpoint: the whole sign-in ends.
          await tx
            .update(refreshTokenFamilies)
            .set({ revokedAt: sql`now()`, revokedReason: 'refresh token reused' })
            .where(eq(refreshTokenFamilies.id, found.familyId));
          return { outcome: 'session-invalid' } as const;
        }
        if (!found || found.expiresAt.getTime() <= now || sessionEnd <= now) return { outcome: 'session-invalid' } as const;
        await tx.update(memberships).set({ lastChosenAt: sql`now()` }).where(chosen);
        await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, found.id));
        // The sign-in's absolute end is kept: a switch never lengthens a session (decision 016).
        const expiresAt = new Date(Math.min(input.next.expiresAt.getTime(), sessionEnd));
        await tx.insert(refreshTokens).values({ familyId: found.familyId, tokenHash: input.next.tokenHash, expiresAt });
        await tx.update(refreshTokenFamilies).set({ organisationId: input.organisationId }).where(eq(refreshTokenFamilies.id, found.familyId));
        await tx.insert(auditLog).values({
          action: 'auth.organisation_switched',
          actorUserId: caller.userId,
          organisationId: input.organisationId,
          entityType: 'refresh_token_family',
          entityId: found.familyId,
          data: { from: found.organisationId, to: input.organisationId },
          ip: context.ip,
          requestId: context.requestId,
        });
        return { outcome: 'switched', familyId: found.familyId, role: membership.role, from: found.organisationId } as const;
      });
    },
  };
}

export type OrganisationSwitchRepository = ReturnType<typeof createOrganisationSwitchRepository>;

// Data access of the token endpoint. Its callers are never signed in (public, or the system), so
// every function checks that first: sign-in data is not reachable from a user's request.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { MembershipRole, StaffRole } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { Db } from '../../../db/client';
import { enqueue, type OutboxMessage } from '../../../common/outbox';
import { shutOut } from '../shut-out';
import { countCodeAttempt, replaceCode } from '../../../common/verification-codes/codes.repository';
import { anonymousSessions, memberships, refreshTokenFamilies, refreshTokens, staff, users, verificationCodes } from '../tables';
import { auditLog } from '../../../db/audit-log';
import { nullable, rowShape, typedRows } from '../../../db/typed-rows';

export type AuthCaller = Extract<Caller, { kind: 'public' | 'system' }>;

function assertAuthCaller(caller: Caller): asserts caller is AuthCaller {
  if (caller.kind !== 'public' && caller.kind !== 'system') throw new Error(`auth repository used by a ${caller.kind} caller`);
}

/** What sign-in needs to know about a user, with the organisation and role the token will name. */
export interface LoginUser {
  id: string;
  email: string;
  passwordHash: string | null;
  disabled: boolean;
  twoFactorEnabled: boolean;
  emailVerified: boolean;
  phone: string | null;
  locale: string;
  staffRole: StaffRole | null;
  organisationId: string | null;
  membershipRole: MembershipRole | null;
}

const loginUserRow = rowShape({
  id: users.id,
  email: users.email,
  password_hash: users.passwordHash,
  two_factor_enabled: users.twoFactorEnabled,
  locale: users.locale,
  email_verified: v.boolean(),
  phone: users.phone,
  staff_role: nullable(staff.role),
  organisation_id: nullable(memberships.organisationId),
  membership_role: nullable(memberships.role),
  disabled: v.boolean(),
});

export function createAuthRepository(db: Db) {
  /**
   * The user with staff role and the membership a sign-in acts for, in one round trip (sign-in is a
   * hot path). `organisationId` names that membership (a refresh stays in its sign-in's
   * organisation); without it, the active one chosen last in the header, else the first one joined. `disabled`: shut out (the
   * account locked, or every membership deactivated), or for a refresh, that membership deactivated or gone.
   */
  async function loadUser(where: SQL, organisationId?: string): Promise<LoginUser | null> {
    const pick = organisationId ? sql`and organisation_id = ${organisationId}` : sql`and deactivated_at is null`;
    const [row] = await typedRows(
      db,
      loginUserRow,
      sql`
      select u.id, u.email, u.password_hash, u.two_factor_enabled, u.locale,
             u.email_verified_at is not null as email_verified, u.phone,
             s.role as staff_role, m.organisation_id, m.role as membership_role,
             ${organisationId ? sql`(u.disabled_at is not null or m.organisation_id is null or m.deactivated_at is not null)` : shutOut({ id: sql`u.id`, disabledAt: sql`u.disabled_at` })} as disabled
      from users u
      left join staff s on s.user_id = u.id
      left join lateral (
        -- The active organisation the user switched to last, else the first one they joined that
        -- still lets them in (decision 057). A refresh names its family's organisation instead.
        select organisation_id, role, deactivated_at from memberships where user_id = u.id ${pick}
        order by last_chosen_at desc nulls last, created_at, organisation_id limit 1
      ) m on true
      where ${where}
      limit 1`,
    );
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      passwordHash: row.password_hash,
      disabled: row.disabled,
      twoFactorEnabled: row.two_factor_enabled,
      emailVerified: row.email_verified,
      phone: row.phone,
      locale: row.locale,
      staffRole: row.staff_role,
      organisationId: row.organisation_id,
      membershipRole: row.membership_role,
    };
  }

  return {
    async findUserByEmail(caller: Caller, email: string) {
      assertAuthCaller(caller);
      return loadUser(sql`lower(u.email) = lower(${email})`);
    },

    /** `organisationId`: the membership a refresh acts for (its sign-in's), which must still be active. */
    /**
     * The account's language becomes the interface's (decision 061, amended): the mails sent to this
     * person later (an approval, a shipment, a message) are written in the language they use the
     * portal in. One conditional update, and only when it changed.
     */
    async rememberLanguage(caller: Caller, userId: string, locale: string) {
      assertAuthCaller(caller);
      // A language the person chose in their profile stays theirs (decision 061).
      await db.execute(sql`update users set locale = ${locale} where id = ${userId} and locale is distinct from ${locale} and not locale_chosen`);
    },

    async findUserById(caller: Caller, id: string, organisationId?: string | null) {
      assertAuthCaller(caller);
      return loadUser(sql`u.id = ${id}`, organisationId ?? undefined);
    },

    async createAnonymousSession(caller: Caller): Promise<string> {
      assertAuthCaller(caller);
      const [row] = await db.insert(anonymousSessions).values({}).returning({ id: anonymousSessions.id });
      return row!.id;
    },

    /** Starts a refresh-token family (one sign-in) with its first token. */
    async startFamily(
      caller: Caller,
      family: { clientId: string; userId?: string | null; anonymousSessionId?: string | null; organisationId?: string | null },
      tokenHash: string,
      expiresAt: Date,
    ): Promise<string> {
      assertAuthCaller(caller);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(refreshTokenFamilies)
          .values({
            clientId: family.clientId,
            userId: family.userId ?? null,
            anonymousSessionId: family.anonymousSessionId ?? null,
            organisationId: family.organisationId ?? null,
          })
          .returning({ id: refreshTokenFamilies.id });
        await tx.insert(refreshTokens).values({ familyId: row!.id, tokenHash, expiresAt });
        return row!.id;
      });
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new one joins its family, in one
     * transaction. A token that was already spent (or is spent concurrently) is reuse: the whole
     * family is revoked.
     */
    /** `next.sessionMaxMs`: how long a sign-in may last through refreshes, from its first token. */
    async rotate(caller: Caller, presentedHash: string, next: { tokenHash: string; expiresAt: Date; sessionMaxMs?: number }) {
      assertAuthCaller(caller);
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: refreshTokens.id,
            familyId: refreshTokens.familyId,
            usedAt: refreshTokens.usedAt,
            expiresAt: refreshTokens.expiresAt,
            clientId: refreshTokenFamilies.clientId,
            userId: refreshTokenFamilies.userId,
            anonymousSessionId: refreshTokenFamilies.anonymousSessionId,
            organisationId: refreshTokenFamilies.organisationId,
            revokedAt: refreshTokenFamilies.revokedAt,
            startedAt: refreshTokenFamilies.createdAt,
          })
          .from(refreshTokens)
          .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
          .where(eq(refreshTokens.tokenHash, presentedHash))
          .limit(1);
        if (!found) return { outcome: 'unknown' as const };
        const family = {
          id: found.familyId,
          clientId: found.clientId,
          userId: found.userId,
          anonymousSessionId: found.anonymousSessionId,
          organisationId: found.organisationId,
        };
        if (found.revokedAt) return { outcome: 'revoked' as const, family };
        const spent = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (found.usedAt || spent.length === 0) {
          await tx
            .update(refreshTokenFamilies)
            .set({ revokedAt: sql`now()`, revokedReason: 'refresh token reused' })
            .where(eq(refreshTokenFamilies.id, found.familyId));
          return { outcome: 'reused' as const, family };
        }
        if (found.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' as const, family };
        // The sign-in's absolute end: rotation never carries a refresh token past it (decision 016).
        const sessionEnd = next.sessionMaxMs === undefined ? Infinity : found.startedAt.getTime() + next.sessionMaxMs;
        if (sessionEnd <= Date.now()) return { outcome: 'expired' as const, family };
        const expiresAt = new Date(Math.min(next.expiresAt.getTime(), sessionEnd));
        await tx.insert(refreshTokens).values({ familyId: found.familyId, tokenHash: next.tokenHash, expiresAt });
        return { outcome: 'rotated' as const, family };
      });
    },

    async revokeFamily(caller: Caller, familyId: string, reason: string) {
      assertAuthCaller(caller);
      await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
    },

    async familyState(caller: Caller, familyId: string) {
      assertAuthCaller(caller);
      const [row] = await db
        .select({ revokedAt: refreshTokenFamilies.revokedAt, revokedReason: refreshTokenFamilies.revokedReason })
        .from(refreshTokenFamilies)
        .where(eq(refreshTokenFamilies.id, familyId));
      return row ?? null;
    },

    async anonymousSessionExists(caller: Caller, id: string): Promise<boolean> {
      assertAuthCaller(caller);
      const rows = await db
        .update(anonymousSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(anonymousSessions.id, id))
        .returning({ id: anonymousSessions.id });
      return rows.length > 0;
    },

    /**
     * Stores a new sign-in code (as an HMAC) and queues its message in the same transaction; earlier
     * unused codes of the user stop working.
     */
    async createLoginCode(caller: Caller, userId: string, codeHash: string, expiresAt: Date, maxAttempts: number, messages: OutboxMessage[] = []) {
      assertAuthCaller(caller);
      await db.transaction(async (tx) => {
        await replaceCode(tx, { userId, purpose: 'login', codeHash, expiresAt, maxAttempts });
        await enqueue(tx, ...messages);
      });
    },

    /** The user's newest unused sign-in code. */
    async currentLoginCode(caller: Caller, userId: string) {
      assertAuthCaller(caller);
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'login'), isNull(verificationCodes.consumedAt)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Counts one attempt; false when the code had no attempts left. */
    async countCodeAttempt(caller: Caller, codeId: string): Promise<boolean> {
      assertAuthCaller(caller);
      return countCodeAttempt(db, codeId);
    },

    /** Marks the code used; false when someone else used it first. */
    async consumeCode(caller: Caller, codeId: string): Promise<boolean> {
      assertAuthCaller(caller);
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },

    async enqueueMessage(caller: Caller, message: { channel: 'email' | 'sms'; recipient: string; template: string; locale: string; payload: Record<string, unknown> }) {
      assertAuthCaller(caller);
      await enqueue(db, message);
    },

    async audit(
      caller: Caller,
      entry: { action: string; actorUserId?: string | null; organisationId?: string | null; entityType?: string; entityId?: string; data?: Record<string, unknown>; ip?: string; requestId?: string },
    ) {
      assertAuthCaller(caller);
      await db.insert(auditLog).values(entry);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

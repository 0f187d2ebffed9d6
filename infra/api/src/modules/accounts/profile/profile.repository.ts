// Data access of the caller's own profile. Every query is keyed by the caller's user id from the
// access token, never by an id in the request, so one user can neither read nor change another's.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../../caller';
import type { MembershipRole } from '@portal/shared/schemas';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { memberships, organisations, refreshTokenFamilies, users, verificationCodes } from '../tables';
import { enqueue, type OutboxMessage } from '../../../common/outbox';
import { countCodeAttempt, replaceCode } from '../../../common/verification-codes/codes.repository';
import { isUniqueViolation } from '../../../db/pg-errors';

export interface ProfileRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  function: string | null;
  locale: string;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  role: MembershipRole | null;
  organisationName: string | null;
}

export function createProfileRepository(db: Db) {
  return {
    async read(caller: CustomerCaller): Promise<ProfileRow | null> {
      const orgId = caller.organisationId;
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          function: users.function,
          locale: users.locale,
          passwordHash: users.passwordHash,
          emailVerifiedAt: users.emailVerifiedAt,
          role: memberships.role,
          organisationName: organisations.name,
        })
        .from(users)
        .leftJoin(memberships, and(eq(memberships.userId, users.id), orgId ? eq(memberships.organisationId, orgId) : sql`false`))
        .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
        .where(and(eq(users.id, caller.userId), isNull(users.disabledAt)))
        .limit(1);
      return row ?? null;
    },

    async update(caller: CustomerCaller, input: { firstName: string; lastName: string; phone: string | null; function: string | null; locale?: string }) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...input, ...(input.locale ? { localeChosen: true } : {}), updatedAt: sql`now()` })
          .where(eq(users.id, caller.userId));
        await tx.insert(auditLog).values({ action: 'profile.updated', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: caller.userId });
      });
    },

    /** Whether another account uses the address. */
    async emailTaken(caller: CustomerCaller, email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, caller.userId))).limit(1);
      return Boolean(row);
    },

    async latestEmailCode(caller: CustomerCaller) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, caller.userId), eq(verificationCodes.purpose, 'email_change')))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    async issueEmailCode(caller: CustomerCaller, code: { codeHash: string; expiresAt: Date; maxAttempts: number }, messages: OutboxMessage[]) {
      await db.transaction(async (tx) => {
        await replaceCode(tx, { userId: caller.userId, purpose: 'email_change', ...code });
        await enqueue(tx, ...messages);
      });
    },

    countAttempt: (_caller: CustomerCaller, codeId: string) => countCodeAttempt(db, codeId),

    /** Spends the code and sets the verified new address; 'taken' when another account got it meanwhile. */
    async completeEmailChange(caller: CustomerCaller, codeId: string, email: string, messages: OutboxMessage[]): Promise<'done' | 'spent' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const spent = await tx
            .update(verificationCodes)
            .set({ consumedAt: sql`now()` })
            .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
            .returning({ id: verificationCodes.id });
          if (!spent.length) return 'spent' as const;
          const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
          await tx.update(users).set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, caller.userId));
          await enqueue(tx, ...messages);
          await tx.insert(auditLog).values({ action: 'profile.email_changed', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: caller.userId, data: { from: before?.email, to: email } });
          return 'done' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    /** Sets the new password and signs the user out of every other session (`keepFamilyId`: this one). */
    async changePassword(caller: CustomerCaller, passwordHash: string, keepFamilyId: string | null, messages: OutboxMessage[]) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, caller.userId));
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: sql`now()`, revokedReason: 'password changed' })
          .where(
            and(
              eq(refreshTokenFamilies.userId, caller.userId),
              isNull(refreshTokenFamilies.revokedAt),
              keepFamilyId ? ne(refreshTokenFamilies.id, keepFamilyId) : sql`true`,
            ),
          );
        await enqueue(tx, ...messages);
        await tx.insert(auditLog).values({ action: 'profile.password_changed', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: caller.userId });
      });
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

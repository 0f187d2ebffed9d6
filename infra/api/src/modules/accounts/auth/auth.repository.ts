// Data access of registration, email verification and password reset. Like the token endpoint's
// repository, only public and system callers may use it: these are the steps before a sign-in.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { OrganisationType } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { Db } from '../../../db/client';
import { addresses, refreshTokenFamilies, registrations, users, verificationCodes } from '../tables';
import { auditLog } from '../../../db/audit-log';
import { enqueue, type OutboxMessage } from '../../../common/outbox';
import { shutOut } from '../shut-out';
import { countCodeAttempt, replaceCode, type CodePurpose } from '../../../common/verification-codes/codes.repository';
import { isUniqueViolation } from '../../../db/pg-errors';


function assertAuthCaller(caller: Caller) {
  if (caller.kind !== 'public' && caller.kind !== 'system') throw new Error(`auth repository used by a ${caller.kind} caller`);
}

/** What the auth flows need to know about an account. */
export interface AccountRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  locale: string;
  emailVerified: boolean;
  disabled: boolean;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  locale: users.locale,
  emailVerifiedAt: users.emailVerifiedAt,
  disabled: shutOut(users),
};

function toAccount(row: { emailVerifiedAt: Date | null; disabled: boolean } & Omit<AccountRow, 'emailVerified' | 'disabled'>): AccountRow {
  const { emailVerifiedAt, disabled, ...rest } = row;
  return { ...rest, emailVerified: emailVerifiedAt !== null, disabled: Boolean(disabled) };
}


export function createAccountRepository(db: Db) {
  return {
    async findAccountByEmail(caller: Caller, email: string): Promise<AccountRow | null> {
      assertAuthCaller(caller);
      const [row] = await db.select(accountColumns).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return row ? toAccount(row) : null;
    },

    async findAccountById(caller: Caller, id: string): Promise<AccountRow | null> {
      assertAuthCaller(caller);
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ? toAccount(row) : null;
    },

    /**
     * Creates the unverified account, its registration, its address and its first verification
     * code, and queues the verification mail, in one transaction. Null when the address is taken.
     */
    async createAccount(
      caller: Caller,
      input: {
        user: { email: string; passwordHash: string; firstName: string; lastName: string; phone: string; vatNumber: string; locale: string };
        registration: { kind: 'contract_request' | 'webshop'; organisationName: string; organisationType: OrganisationType; vatNumber: string; newsletter: boolean; address: Record<string, unknown> };
        address: { label: string; type: 'billing' | 'shipping'; street: string; nr: string; box: string | null; postalCode: string; city: string; country: string; email: string; phone: string };
        code: (userId: string) => { codeHash: string; expiresAt: Date; maxAttempts: number; messages: OutboxMessage[] };
      },
    ): Promise<{ userId: string; registrationId: string } | null> {
      assertAuthCaller(caller);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx.insert(users).values(input.user).returning({ id: users.id });
          const userId = user!.id;
          const [registration] = await tx
            .insert(registrations)
            .values({ ...input.registration, userId, locale: input.user.locale })
            .returning({ id: registrations.id });
          await tx.insert(addresses).values({ ...input.address, userId, isDefault: true });
          const code = input.code(userId);
          await replaceCode(tx, { userId, purpose: 'email_verification', codeHash: code.codeHash, expiresAt: code.expiresAt, maxAttempts: code.maxAttempts });
          await enqueue(tx, ...code.messages);
          await tx.insert(auditLog).values({ action: 'auth.registered', actorUserId: userId, entityType: 'registration', entityId: registration!.id, data: { kind: input.registration.kind } });
          return { userId, registrationId: registration!.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The newest code of a purpose (used or not), for cooldowns and checks. */
    async latestCode(caller: Caller, userId: string, purpose: CodePurpose) {
      assertAuthCaller(caller);
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    async findCodeByHash(caller: Caller, codeHash: string, purpose: CodePurpose) {
      assertAuthCaller(caller);
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.codeHash, codeHash), eq(verificationCodes.purpose, purpose)))
        .limit(1);
      return row ?? null;
    },

    /** Stores a new code and queues its messages in one transaction. */
    async issueCode(
      caller: Caller,
      code: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; maxAttempts: number },
      messages: OutboxMessage[],
    ) {
      assertAuthCaller(caller);
      await db.transaction(async (tx) => {
        await replaceCode(tx, code);
        await enqueue(tx, ...messages);
      });
    },

    /** Queues messages that belong to no other change. */
    async queueMessages(caller: Caller, messages: OutboxMessage[]) {
      assertAuthCaller(caller);
      await enqueue(db, ...messages);
    },

    /** Counts one attempt; false when none was left (or the code is spent). */
    async countAttempt(caller: Caller, codeId: string): Promise<boolean> {
      assertAuthCaller(caller);
      return countCodeAttempt(db, codeId);
    },

    /**
     * Spends the verification code and marks the address verified; completes a web-shop sign-up
     * and queues the messages of a contract request, all in one transaction. False when the code
     * was spent concurrently.
     */
    async completeEmailVerification(caller: Caller, codeId: string, userId: string, messagesFor: (registrations: { id: string; kind: string; organisationName: string; organisationType: string; vatNumber: string; address: Record<string, unknown> }[]) => OutboxMessage[]) {
      assertAuthCaller(caller);
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(verificationCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
          .returning({ id: verificationCodes.id });
        if (!spent.length) return false;
        await tx.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` }).where(eq(users.id, userId));
        await tx
          .update(registrations)
          .set({ status: 'completed' })
          .where(and(eq(registrations.userId, userId), eq(registrations.kind, 'webshop'), eq(registrations.status, 'pending')));
        const pending = await tx
          .select({
            id: registrations.id,
            kind: registrations.kind,
            organisationName: registrations.organisationName,
            organisationType: registrations.organisationType,
            vatNumber: registrations.vatNumber,
            address: registrations.address,
          })
          .from(registrations)
          .where(and(eq(registrations.userId, userId), eq(registrations.kind, 'contract_request'), eq(registrations.status, 'pending')));
        await enqueue(tx, ...messagesFor(pending));
        await tx.insert(auditLog).values({ action: 'auth.email_verified', actorUserId: userId });
        return true;
      });
    },

    /**
     * Spends the reset token, sets the new password, verifies the address (the mail proved it),
     * revokes every sign-in of the user and queues the notice, in one transaction. False when the
     * token was spent concurrently.
     */
    async completePasswordReset(caller: Caller, codeId: string, userId: string, passwordHash: string, messages: OutboxMessage[], audit: { ip: string; requestId: string }) {
      assertAuthCaller(caller);
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(verificationCodes)
          .set({ consumedAt: sql`now()`, attempts: sql`${verificationCodes.attempts} + 1` })
          .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
          .returning({ id: verificationCodes.id });
        if (!spent.length) return false;
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: sql`now()`, revokedReason: 'password reset' })
          .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
        // Codes sent before the reset (sign-in codes, other reset links) stop working too.
        await tx
          .update(verificationCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt), ne(verificationCodes.id, codeId)));
        await enqueue(tx, ...messages);
        await tx.insert(auditLog).values({ action: 'auth.password_reset', actorUserId: userId, ip: audit.ip, requestId: audit.requestId });
        return true;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

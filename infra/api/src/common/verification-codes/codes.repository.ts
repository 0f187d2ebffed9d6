// Storing and counting one-time codes (sign-in, email verification, password reset). The token
// endpoint (oauth) and the account flows (auth) both write codes inside their own transactions, so
// these take the transaction they run in.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { verificationCodes } from '../../db/schema';

export type CodePurpose = (typeof verificationCodes.purpose.enumValues)[number];

/**
 * Counts one attempt at a verification code (sign-in, email or reset), atomically: false when it
 * had none left or was already used. Both the code grant and the auth flows count through here.
 */
export async function countCodeAttempt(db: Db | Tx, codeId: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, verificationCodes.maxAttempts), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** Invalidates the user's open codes of `purpose` and stores a new one (as a hash). */
export async function replaceCode(
  tx: Db | Tx,
  code: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; maxAttempts: number },
) {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.userId, code.userId), eq(verificationCodes.purpose, code.purpose), isNull(verificationCodes.consumedAt)));
  await tx.insert(verificationCodes).values(code);
}

// The punchout sessions' rows (decision 052). Start and transfer links are looked up by the SHA-256
// of their token and consumed in the statement that finds them (single use even when two requests
// race); a signed-in caller reaches only the session its own sign-in started, in its organisation.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../../caller';
import type { Db } from '../../../db/client';
import { procurementIdentities, punchoutSessions } from '../tables';

export type PunchoutSessionRow = typeof punchoutSessions.$inferSelect;
export type NewPunchoutSession = Omit<typeof punchoutSessions.$inferInsert, 'id' | 'createdAt' | 'startedAt' | 'sessionId' | 'transferTokenHash' | 'transferExpiresAt' | 'transferForm' | 'transferredAt'>;

export function createPunchoutRepository(db: Db) {
  return {
    async open(session: NewPunchoutSession): Promise<string> {
      const [row] = await db.insert(punchoutSessions).values(session).returning({ id: punchoutSessions.id });
      return row!.id;
    },

    /** Consumes a start link: unused, not expired, its identity not revoked meanwhile. Null otherwise. */
    async consumeStart(tokenHash: string): Promise<PunchoutSessionRow | null> {
      const [row] = await db
        .update(punchoutSessions)
        .set({ startedAt: sql`now()` })
        .where(
          and(
            eq(punchoutSessions.startTokenHash, tokenHash),
            isNull(punchoutSessions.startedAt),
            gt(punchoutSessions.startExpiresAt, sql`now()`),
            sql`exists (select 1 from ${procurementIdentities} i where i.id = ${punchoutSessions.identityId} and i.revoked_at is null)`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Binds the started session to the sign-in it made (the refresh-token family). */
    async bind(id: string, sessionId: string): Promise<void> {
      await db.update(punchoutSessions).set({ sessionId }).where(eq(punchoutSessions.id, id));
    },

    /** The caller's open punchout session: its own sign-in's (`sid`), in its organisation, not transferred. */
    async ofCaller(caller: CustomerCaller, sid: string): Promise<PunchoutSessionRow | null> {
      if (!caller.organisationId) return null;
      const [row] = await db
        .select()
        .from(punchoutSessions)
        .where(
          and(
            eq(punchoutSessions.sessionId, sid),
            eq(punchoutSessions.userId, caller.userId),
            eq(punchoutSessions.organisationId, caller.organisationId),
            isNull(punchoutSessions.transferredAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Stores the transfer form behind a new one-time link (a second transfer replaces the first). */
    async prepareTransfer(id: string, tokenHash: string, expiresAt: Date, fields: [string, string][]): Promise<void> {
      await db.update(punchoutSessions).set({ transferTokenHash: tokenHash, transferExpiresAt: expiresAt, transferForm: { fields } }).where(eq(punchoutSessions.id, id));
    },

    /** Consumes a transfer link: the session is closed by it. Null when unknown, used or expired. */
    async consumeTransfer(tokenHash: string): Promise<PunchoutSessionRow | null> {
      const [row] = await db
        .update(punchoutSessions)
        .set({ transferredAt: sql`now()` })
        .where(and(eq(punchoutSessions.transferTokenHash, tokenHash), isNull(punchoutSessions.transferredAt), gt(punchoutSessions.transferExpiresAt, sql`now()`)))
        .returning();
      return row ?? null;
    },
  };
}
export type PunchoutRepository = ReturnType<typeof createPunchoutRepository>;

// The one lookup of a procurement system's identity (modules/procurement/tables.ts), shared by the
// punchout and the procurement orders (both modules of the procurement owner). The secret is checked
// with argon2's constant-time verify; an unknown identity costs a verify too, so the answer's timing
// does not tell which identities exist.
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { procurementIdentities, type ProcurementProtocol } from './tables';

export type ProcurementIdentity = typeof procurementIdentities.$inferSelect;

/** A hash of a value nobody sends: verified against when the identity is unknown (same timing). */
const DUMMY = hash('no such procurement identity');

export function hashProcurementSecret(secret: string): Promise<string> {
  return hash(secret);
}

/**
 * The identity `protocol`/`domain`/`identity` when `secret` is its secret and it is not revoked;
 * null otherwise (unknown, revoked, wrong secret: the caller answers all three the same way).
 */
export async function authenticateProcurementIdentity(
  db: Db | Tx,
  who: { protocol: ProcurementProtocol; domain: string | null; identity: string; secret: string },
): Promise<ProcurementIdentity | null> {
  const [row] = await db
    .select()
    .from(procurementIdentities)
    .where(
      and(
        eq(procurementIdentities.protocol, who.protocol),
        sql`lower(coalesce(${procurementIdentities.domain}, '')) = lower(${who.domain ?? ''})`,
        eq(procurementIdentities.identity, who.identity),
        isNull(procurementIdentities.revokedAt),
      ),
    )
    .limit(1);
  const ok = await verify(row?.secretHash ?? (await DUMMY), who.secret).catch(() => false);
  return row && ok ? row : null;
}

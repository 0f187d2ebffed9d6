// Benchmarks only: mints many valid refresh tokens for one user straight into the database, so a
// load test of the refresh grant does not first have to sign in thousands of times.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokenFamilies, refreshTokens, users } from '../db/schema';
import { hashToken } from '../common/crypto';
import { memberships } from '../modules/accounts/tables';

export async function mintRefreshTokens(db: Db, opts: { email: string; clientId: string; count: number; ttlSeconds?: number }): Promise<string[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, opts.email));
  if (!user) throw new Error(`No user ${opts.email}`);
  const [membership] = await db.select({ org: memberships.organisationId }).from(memberships).where(eq(memberships.userId, user.id)).limit(1);
  const expiresAt = new Date(Date.now() + (opts.ttlSeconds ?? 3600) * 1000);
  const tokens: string[] = [];
  for (let done = 0; done < opts.count; done += 1000) {
    const n = Math.min(1000, opts.count - done);
    const families = await db
      .insert(refreshTokenFamilies)
      .values(Array.from({ length: n }, () => ({ clientId: opts.clientId, userId: user.id, organisationId: membership?.org ?? null })))
      .returning({ id: refreshTokenFamilies.id });
    const batch = families.map(() => randomBytes(32).toString('base64url'));
    await db.insert(refreshTokens).values(families.map((f, i) => ({ familyId: f.id, tokenHash: hashToken(batch[i]!), expiresAt })));
    tokens.push(...batch);
  }
  return tokens;
}

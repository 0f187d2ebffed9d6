// The privacy policy's year (issue 44, decision 063): a closed account's data is deleted or
// anonymised once the retention period since its closure has passed. Each owner erases its own
// records through its PersonalDataPort (modules/accounts/contract.ts), then the accounts' own part anonymises
// the users row, all in one transaction per person: a failure leaves that person for the next pass,
// never half erased. The person's row is locked with SKIP LOCKED, so several instances running
// the job at once never erase one person twice or wait on each other.
import { and, asc, isNotNull, isNull, lte } from 'drizzle-orm';
import { createPeriodicJob, type PeriodicJob } from '../../../common/jobs';
import type { DataSubject, PersonalDataPort } from '../contract';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { users } from '../tables';
import { accountsPersonalData } from './accounts-personal-data';

const DAY_MS = 86_400_000;

export interface AccountRetention extends PeriodicJob<number> {
  /** One pass as at `now` (the tests pass the time in); the number of accounts erased. */
  runAt(now: Date): Promise<number>;
}

export function createAccountRetention(deps: {
  db: Db;
  owners: readonly PersonalDataPort[];
  retentionDays: number;
  intervalMs: number;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}): AccountRetention {
  const { db, owners, retentionDays } = deps;

  /** Erases the next closed account past the period; false when there is none. */
  async function eraseNext(cutoff: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [person] = await tx
        .select({ userId: users.id, email: users.email, phone: users.phone })
        .from(users)
        .where(and(isNotNull(users.closedAt), isNull(users.anonymisedAt), lte(users.closedAt, cutoff)))
        .orderBy(asc(users.closedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!person) return false;
      const subject: DataSubject = person;
      for (const owner of owners) await owner.erase(tx, subject);
      await accountsPersonalData.erase(tx, subject);
      await tx.insert(auditLog).values({ action: 'account.anonymised', entityType: 'user', entityId: subject.userId, data: { retention_days: retentionDays } });
      return true;
    });
  }

  async function runAt(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    let erased = 0;
    while (await eraseNext(cutoff)) erased++;
    return erased;
  }

  const job = createPeriodicJob({
    name: 'account-retention',
    intervalMs: deps.intervalMs,
    run: () => runAt(new Date()),
    log: deps.log,
    report: (erased) => {
      if (erased) deps.log.info({ erased }, 'closed accounts erased after the retention period');
    },
  });
  return { ...job, runAt };
}

/** The first day the retention job erases an account closed at `closedAt`. */
export function erasedFrom(closedAt: Date, retentionDays: number): string {
  return new Date(closedAt.getTime() + retentionDays * DAY_MS).toISOString().slice(0, 10);
}

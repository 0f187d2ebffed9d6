// Data access of the newsletter: subscriptions by address (visitors have no account), and the mails
// of the double opt-in, written in the same transaction as the change that causes them.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { newsletterSubscriptions } from '../tables';
import { enqueue, type OutboxMessage } from '../../../common/outbox';

export function createNewsletterRepository(db: Db) {
  return {
    /**
     * Records a sign-up (a new address, or one that unsubscribed before: unconfirmed again) and
     * queues the confirmation mail; a confirmed subscription stays as it is and gets no mail.
     */
    async signUp(email: string, locale: string, messages: OutboxMessage[]): Promise<'pending' | 'already_confirmed'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterSubscriptions)
          .values({ email, locale })
          .onConflictDoUpdate({
            target: newsletterSubscriptions.email,
            set: {
              locale: sql`excluded.locale`,
              // An address that unsubscribed signs up unconfirmed again; a live one keeps its confirmation.
              confirmedAt: sql`case when ${newsletterSubscriptions.unsubscribedAt} is null then ${newsletterSubscriptions.confirmedAt} else null end`,
              unsubscribedAt: null,
            },
          })
          .returning({ confirmedAt: newsletterSubscriptions.confirmedAt });
        if (row?.confirmedAt) return 'already_confirmed' as const;
        await enqueue(tx, ...messages);
        return 'pending' as const;
      });
    },

    /** Confirms; false when there is no subscription for the address (it unsubscribed meanwhile). */
    async confirm(email: string, welcome: (locale: string) => OutboxMessage[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ locale: newsletterSubscriptions.locale, confirmedAt: newsletterSubscriptions.confirmedAt })
          .from(newsletterSubscriptions)
          .where(and(eq(newsletterSubscriptions.email, email), isNull(newsletterSubscriptions.unsubscribedAt)))
          .for('update');
        if (!row) return false;
        if (row.confirmedAt) return true;
        await tx.update(newsletterSubscriptions).set({ confirmedAt: sql`now()` }).where(eq(newsletterSubscriptions.email, email));
        await enqueue(tx, ...welcome(row.locale));
        return true;
      });
    },

    async unsubscribe(email: string): Promise<void> {
      await db
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())` })
        .where(eq(newsletterSubscriptions.email, email));
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;

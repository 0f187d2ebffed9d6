// Data access of the newsletter: subscriptions by address (visitors have no account), and the mails
// of the double opt-in, written in the same transaction as the change that causes them.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { enqueue, type OutboxMessage } from '../../common/outbox';

export function createNewsletterRepository(db: Db) {
  return {
    /**
     * Records a sign-up (a new address, or one that unsubscribed before: unconfirmed again) and
     * queues the confirmation mail; a confirmed subscription stays as it is and gets no mail.
     */
    async signUp(email: string, locale: string, messages: OutboxMessage[]): Promise<'pending' | 'already_confirmed'> {
      return db.transaction(async (tx) => {
        const [row] = await rows<{ confirmed: boolean }>(
          tx,
          sql`insert into newsletter_subscriptions (email, locale) values (${email}, ${locale})
              on conflict (email) do update set
                locale = excluded.locale,
                confirmed_at = case when newsletter_subscriptions.unsubscribed_at is null then newsletter_subscriptions.confirmed_at else null end,
                unsubscribed_at = null
              returning confirmed_at is not null as confirmed`,
        );
        if (row?.confirmed) return 'already_confirmed' as const;
        await enqueue(tx, ...messages);
        return 'pending' as const;
      });
    },

    /** Confirms; false when there is no subscription for the address (it unsubscribed meanwhile). */
    async confirm(email: string, welcome: (locale: string) => OutboxMessage[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await rows<{ locale: string; confirmed: boolean }>(
          tx,
          sql`select locale, confirmed_at is not null as confirmed from newsletter_subscriptions
              where email = ${email} and unsubscribed_at is null for update`,
        );
        if (!row) return false;
        if (row.confirmed) return true;
        await rows(tx, sql`update newsletter_subscriptions set confirmed_at = now() where email = ${email}`);
        await enqueue(tx, ...welcome(row.locale));
        return true;
      });
    },

    async unsubscribe(email: string): Promise<void> {
      await rows(db, sql`update newsletter_subscriptions set unsubscribed_at = coalesce(unsubscribed_at, now()) where email = ${email}`);
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;

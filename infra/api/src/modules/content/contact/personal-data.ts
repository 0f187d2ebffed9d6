// The content owner's part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts): their contact requests and newsletter subscription in the download. The
// erasure deletes those and every mail and text message to their address or number in the outbox
// (sent ones included: each carries their name and what it was about). An invoice's mail goes too;
// its delivery row (decision 048) and the invoice itself stay with the invoices.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PersonalDataPort } from '../../accounts/contract';
import { contactRequests, newsletterSubscriptions, outbox } from '../tables';

const sameAddress = (email: string) => sql`lower(${newsletterSubscriptions.email}) = lower(${email})`;

export const contentPersonalData: PersonalDataPort = {
  owner: 'content',

  async exportOf(db, { userId, email }) {
    const requests = await db
      .select({ type: contactRequests.type, message: contactRequests.message, sent_at: contactRequests.createdAt, handled_at: contactRequests.handledAt })
      .from(contactRequests)
      .where(eq(contactRequests.userId, userId))
      .orderBy(asc(contactRequests.createdAt));
    const newsletter = await db
      .select({ email: newsletterSubscriptions.email, locale: newsletterSubscriptions.locale, confirmed_at: newsletterSubscriptions.confirmedAt, unsubscribed_at: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(sameAddress(email));
    return { contact_requests: requests, newsletter: newsletter };
  },

  async erase(tx, { userId, email, phone }) {
    await tx.delete(contactRequests).where(eq(contactRequests.userId, userId));
    await tx.delete(newsletterSubscriptions).where(sameAddress(email));
    const recipients = phone ? [email.toLowerCase(), phone] : [email.toLowerCase()];
    await tx.delete(outbox).where(inArray(sql`lower(${outbox.recipient})`, recipients));
  },
};

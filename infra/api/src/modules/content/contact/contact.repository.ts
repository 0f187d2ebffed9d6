// Data access of the contact form: who sends (the caller, from the access token), who receives (the
// case manager of the caller's organisation), and the stored request with its mails.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../../caller';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { contactRequests } from '../tables';
import { organisations, users } from '../links';
import { nullable, rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import { enqueue, type OutboxMessage } from '../../../common/outbox';

const senderRow = rowShape({
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  locale: users.locale,
  organisation_id: nullable(organisations.id),
  organisation_name: nullable(organisations.name),
  customer_number: nullable(organisations.customerNumber),
  case_manager_email: nullable(users.email),
  case_manager_locale: nullable(users.locale),
});
export type SenderRow = RowOf<typeof senderRow>;

export function createContactRepository(db: Db) {
  return {
    async sender(caller: CustomerCaller): Promise<SenderRow | null> {
      const [row] = await typedRows(
        db,
        senderRow,
        sql`select u.first_name, u.last_name, u.email, u.locale, o.id as organisation_id, o.name as organisation_name, o.customer_number,
                   cm.email as case_manager_email, cm.locale as case_manager_locale
            from users u
            left join memberships m on m.user_id = u.id and m.organisation_id = ${caller.organisationId}
            left join organisations o on o.id = m.organisation_id
            left join users cm on cm.id = o.case_manager_id
            where u.id = ${caller.userId} and u.disabled_at is null`,
      );
      return row ?? null;
    },

    async store(caller: CustomerCaller, request: { organisationId: string | null; type: string; message: string }, messages: OutboxMessage[]) {
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(contactRequests)
          .values({ organisationId: request.organisationId, userId: caller.userId, type: request.type, message: request.message, termsAcceptedAt: sql`now()` })
          .returning({ id: contactRequests.id });
        await enqueue(tx, ...messages);
        await tx.insert(auditLog).values({ action: 'contact.sent', actorUserId: caller.userId, organisationId: request.organisationId, entityType: 'contact_request', entityId: created!.id, data: { type: request.type } });
      });
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

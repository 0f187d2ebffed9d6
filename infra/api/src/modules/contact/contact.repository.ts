// Data access of the contact form: who sends (the caller, from the access token), who receives (the
// case manager of the caller's organisation), and the stored request with its mails.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import { rows, type Db } from '../../db/client';
import { auditLog, contactRequests } from '../../db/schema/index';
import { enqueue, type OutboxMessage } from '../../common/outbox';

export interface SenderRow {
  first_name: string;
  last_name: string;
  email: string;
  locale: string;
  organisation_id: string | null;
  organisation_name: string | null;
  customer_number: string | null;
  case_manager_email: string | null;
}

export function createContactRepository(db: Db) {
  return {
    async sender(caller: CustomerCaller): Promise<SenderRow | null> {
      const [row] = await rows<SenderRow>(
        db,
        sql`select u.first_name, u.last_name, u.email, u.locale, o.id as organisation_id, o.name as organisation_name, o.customer_number,
                   cm.email as case_manager_email
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

// Invitations the supplier's customer import sends (issue 29, decision 049), through
// MemberInvitationPort in the import's transaction: the same invitation as an administrator's
// (invitation.ts). Someone whose address already has an account is left alone: an import never
// changes, demotes or deactivates a member, and a replayed record finds its invitees as members.
import { sql } from 'drizzle-orm';
import type { MemberInvitationPort } from '../contract';
import type { Tx } from '../../../db/client';
import { users } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { insertInvitation, INVITATION_TTL_SECONDS } from './invitation';

const emailRow = rowShape({ email: users.email });

export const memberInvitations: MemberInvitationPort = {
  async inviteNew(tx: Tx, organisation, people, sender) {
    if (!people.length) return 0;
    const emails = people.map((p) => p.email.toLowerCase());
    const known = new Set((await typedRows(tx, emailRow, sql`select lower(email) as email from users where lower(email) in ${emails}`)).map((r) => r.email));
    let invited = 0;
    for (const p of people) {
      if (known.has(p.email.toLowerCase())) continue;
      await insertInvitation(
        tx,
        { email: p.email, firstName: p.first_name, lastName: p.last_name, phone: null, function: null, locale: p.locale, role: p.role },
        {
          organisationId: organisation.id,
          organisationName: organisation.name,
          // The supplier invites (its system sent the customer): the mail says so in its own words.
          inviterName: null,
          ttlSeconds: INVITATION_TTL_SECONDS,
          audit: { actorUserId: null, actorClient: sender.clientName, ip: null, requestId: null },
        },
      );
      invited += 1;
    }
    return invited;
  },
};

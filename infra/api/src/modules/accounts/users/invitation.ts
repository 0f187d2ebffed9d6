// An invitation into an organisation, one way for both doors: an administrator's (users.service.ts)
// and the supplier's customer import (MemberInvitationPort, decision 049). The invited user has no
// password yet; the mail carries a one-time link to the reset-password page that sets the first one.
import { randomBytes } from 'node:crypto';
import type { MailLocale, MembershipRole } from '@portal/shared/schemas';
import { hashToken } from '../../../common/crypto';
import { enqueue } from '../../../common/outbox';
import { replaceCode } from '../../../common/verification-codes/codes.repository';
import type { Tx } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { memberships, users } from '../tables';

/** How long an invitation link works. */
export const INVITATION_TTL_SECONDS = 7 * 86_400;

export interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  function: string | null;
  locale: MailLocale;
  role: MembershipRole;
}

export interface InvitationFacts {
  organisationId: string;
  organisationName: string;
  /** Who the mail says invited them: an administrator's name; null: the supplier (a customer import), which the mail names once. */
  inviterName: string | null;
  ttlSeconds: number;
  /** The audit row's actor: the administrator, or the integration client that imported. */
  audit: { actorUserId: string | null; actorClient: string | null; ip: string | null; requestId: string | null };
}

/**
 * Creates the user and their membership, stores the link's hash and queues the mail, in the caller's
 * transaction. Throws a unique violation when the address has an account (the callers check first or
 * turn it into their own answer).
 */
export async function insertInvitation(tx: Tx, invitee: Invitee, facts: InvitationFacts): Promise<string> {
  const { role, ...user } = invitee;
  const [created] = await tx.insert(users).values(user).returning({ id: users.id });
  const userId = created!.id;
  await tx.insert(memberships).values({ userId, organisationId: facts.organisationId, role });
  const token = randomBytes(32).toString('base64url');
  await replaceCode(tx, { userId, purpose: 'password_reset', codeHash: hashToken(token), expiresAt: new Date(Date.now() + facts.ttlSeconds * 1000), maxAttempts: 1 });
  await enqueue(tx, {
    channel: 'email',
    recipient: invitee.email,
    template: 'account.invitation',
    locale: invitee.locale,
    payload: {
      firstName: invitee.firstName,
      inviterName: facts.inviterName,
      organisationName: facts.organisationName,
      days: Math.max(1, Math.round(facts.ttlSeconds / 86_400)),
      path: `/${invitee.locale}/auth/reset-password?token=${token}`,
    },
  });
  await tx.insert(auditLog).values({
    action: 'users.invited',
    actorUserId: facts.audit.actorUserId,
    actorClient: facts.audit.actorClient,
    organisationId: facts.organisationId,
    entityType: 'user',
    entityId: userId,
    data: { email: invitee.email, role },
    ip: facts.audit.ip,
    requestId: facts.audit.requestId,
  });
  return userId;
}

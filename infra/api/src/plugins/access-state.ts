// Whether a signed-in caller (or an integration client) may still act, read from the database:
// an access token is valid for minutes, and a membership deactivated by its organisation's
// administrator (or an account locked by the operator) must stop working now, not at its expiry
// (decision 032). One primary-key lookup per check; anonymous sessions are not looked up. Each
// instance keeps the answer a few seconds and drops it when the database announces a change
// (plugins/access-cache.ts, decision 091): a request whose answer is known reads nothing.
//
// A request for the contract range (X-Shop-Type: portal) also needs the organisation's active
// contract (plugins/request-context.ts); it is read by the same statement, so the check and the
// contract cost one round trip together instead of two (issue 13).
//
// The same row gives the membership's role as it is now: the caller acts with it, not with the role
// the token was signed with, so a demotion or promotion takes effect on the next request
// (decision 060; who may do what with a role is common/scope/authority.ts). No extra round trip.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@portal/shared/schemas';
import type { Caller } from '../caller';
import type { Db } from '../db/client';
import { integrationClients, users } from '../db/schema';
import { typedRows } from '../db/typed-rows';

/** The check's answer. `contractId`: the organisation's active contract, when it was asked for (undefined: not read). */
export interface AccessState {
  active: boolean;
  contractId?: string | null;
  /** The role of the membership the caller acts in, as stored now (a customer acting for an organisation only). */
  role?: MembershipRole;
}

/**
 * False `active` when the caller's account is locked or, acting for an organisation, their
 * membership there is deactivated or gone. `withContract`: also read the active contract of the
 * caller's organisation (a customer acting for one; anyone else has none to read).
 */
export type AccessCheck = (caller: Caller, withContract: boolean) => Promise<AccessState>;

/** The organisation's active contract (the most recent one when several are active), as a scalar subquery. */
export const activeContractOf = (organisationId: SQL | string): SQL =>
  sql`(select c.id from contracts c where c.organisation_id = ${organisationId} and c.status = 'active'
       and c.starts_on <= current_date and (c.ends_on is null or c.ends_on >= current_date)
       order by c.starts_on desc limit 1)`;

export function createAccessState(db: Db): AccessCheck {
  return async (caller, withContract) => {
    // A revoked integration client's tokens stop at once, as a deactivated membership's (decision 045).
    if (caller.kind === 'integration') {
      const found = await db
        .select({ id: integrationClients.id })
        .from(integrationClients)
        .where(and(eq(integrationClients.id, caller.clientId), isNull(integrationClients.revokedAt)));
      return found.length ? { active: true, ...(withContract ? { contractId: null } : {}) } : { active: false };
    }
    if (caller.kind !== 'customer' && caller.kind !== 'staff') return { active: true };
    if (caller.kind === 'customer' && caller.organisationId) {
      const [found] = await typedRows(
        db,
        { contract_id: v.nullable(v.string()), role: v.picklist(MEMBERSHIP_ROLES) },
        sql`select ${withContract ? activeContractOf(sql`m.organisation_id`) : sql`null`} as contract_id, m.role::text as role
            from memberships m join users u on u.id = m.user_id
            where m.user_id = ${caller.userId} and m.organisation_id = ${caller.organisationId} and m.deactivated_at is null and u.disabled_at is null`,
      );
      if (!found) return { active: false };
      return withContract ? { active: true, contractId: found.contract_id, role: found.role } : { active: true, role: found.role };
    }
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, caller.userId), isNull(users.disabledAt)));
    // No organisation (staff, a web-shop customer): no contract either.
    return found.length ? { active: true, ...(withContract ? { contractId: null } : {}) } : { active: false };
  };
}

// Data access of the users admin. Every query is limited to the organisation of the administrator's
// access token (the service checks the membership first); an id of another organisation's user is
// simply not found. The last-administrator rule runs inside the transaction that would break it.
// Deactivation is the membership's (decision 032): it ends the user's access to this organisation
// only, never to another one they belong to.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MANAGED_USER_STATUSES, type ManagedUserStatus, type MembershipRole } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import { roleHas, rolesWith } from '../../../common/scope';
import type { Db, Tx } from '../../../db/client';
import { auditLog } from '../../../db/audit-log';
import { memberships, organisations, refreshTokenFamilies, users } from '../tables';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import { insertInvitation, type InvitationFacts, type Invitee } from './invitation';
import { isUniqueViolation } from '../../../db/pg-errors';

const managedUser = rowShape({
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  function: users.function,
  role: memberships.role,
  status: v.picklist(MANAGED_USER_STATUSES),
  created_at: v.string(),
});
export type ManagedUserRow = RowOf<typeof managedUser>;

/** An administrator acting within their organisation (checked against the database, not only the token). */
export type AdminCaller = CustomerCaller & { organisationId: string };

const selectUsers = (organisationId: string) => sql`
  select u.id, u.first_name, u.last_name, u.email, u.phone, u.function, m.role,
         case when m.deactivated_at is not null then 'deactivated' when u.password_hash is null then 'invited' else 'active' end as status,
         to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
  from users u join memberships m on m.user_id = u.id and m.organisation_id = ${organisationId}`;

/** Active administrators of the organisation (members who may administer it) other than `exceptUserId`, with the rows locked. */
export async function otherActiveAdmins(tx: Tx, organisationId: string, exceptUserId: string): Promise<number> {
  const found = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        inArray(memberships.role, rolesWith('administer')),
        isNull(memberships.deactivatedAt),
        isNull(users.disabledAt),
        ne(memberships.userId, exceptUserId),
      ),
    )
    .for('update', { of: memberships });
  return found.length;
}

export function createUsersRepository(db: Db) {
  return {
    /** The caller's organisation's name and their own (the invitation mail's); null unless their membership and account are active. */
    async membershipOf(caller: CustomerCaller): Promise<{ role: MembershipRole; organisationName: string; name: string } | null> {
      if (!caller.organisationId) return null;
      const [row] = await db
        .select({ role: memberships.role, organisationName: organisations.name, firstName: users.firstName, lastName: users.lastName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
        .where(
          and(
            eq(memberships.userId, caller.userId),
            eq(memberships.organisationId, caller.organisationId),
            isNull(memberships.deactivatedAt),
            isNull(users.disabledAt),
          ),
        );
      return row ? { role: row.role, organisationName: row.organisationName, name: `${row.firstName} ${row.lastName}` } : null;
    },

    async list(caller: AdminCaller, filter: { search?: string; role?: MembershipRole; status?: ManagedUserStatus }): Promise<ManagedUserRow[]> {
      const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return typedRows(
        db,
        managedUser,
        sql`select * from (${selectUsers(caller.organisationId)}) x
            where (${like}::text is null or x.first_name || ' ' || x.last_name ilike ${like} or x.email ilike ${like} or coalesce(x.function, '') ilike ${like})
              and (${filter.role ?? null}::text is null or x.role::text = ${filter.role ?? null})
              and (${filter.status ?? null}::text is null or x.status = ${filter.status ?? null})
            order by x.last_name, x.first_name, x.email`,
      );
    },

    async find(caller: AdminCaller, userId: string): Promise<ManagedUserRow | null> {
      const [row] = await typedRows(db, managedUser, sql`select * from (${selectUsers(caller.organisationId)}) x where x.id = ${userId}`);
      return row ?? null;
    },

    /**
     * Creates the invited user (no password yet) and their membership, stores the one-time link's
     * hash and queues the invitation, in one transaction (invitation.ts). Null when the address has an account.
     */
    async invite(invitee: Invitee, facts: InvitationFacts): Promise<string | null> {
      try {
        return await db.transaction((tx) => insertInvitation(tx, invitee, facts));
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /**
     * Changes a user's role and active state. 'last_admin' (nothing changed) when the organisation
     * would be left without an active administrator; 'not_found' for a user outside it.
     */
    async update(
      caller: AdminCaller,
      userId: string,
      change: { role: MembershipRole; active: boolean },
      audit: { ip: string; requestId: string },
    ): Promise<'done' | 'last_admin' | 'not_found'> {
      return db.transaction(async (tx) => {
        const membership = and(eq(memberships.userId, userId), eq(memberships.organisationId, caller.organisationId));
        const [found] = await tx.select({ role: memberships.role, deactivatedAt: memberships.deactivatedAt }).from(memberships).where(membership).for('update');
        if (!found) return 'not_found';
        const current = { role: found.role, disabled: found.deactivatedAt !== null };
        const staysAdmin = roleHas(change.role, 'administer') && change.active;
        if (roleHas(current.role, 'administer') && !current.disabled && !staysAdmin && (await otherActiveAdmins(tx, caller.organisationId, userId)) === 0) return 'last_admin';
        if (change.role !== current.role) {
          await tx.update(memberships).set({ role: change.role }).where(membership);
          await tx.insert(auditLog).values({ action: 'users.role_changed', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: userId, data: { from: current.role, to: change.role }, ...audit });
        }
        if (change.active === current.disabled) {
          await tx.update(memberships).set({ deactivatedAt: change.active ? null : sql`now()` }).where(membership);
          // The user's sign-ins in this organisation end now (refresh refused; every request checks
          // the membership, so their access token stops too); those in another organisation go on.
          if (!change.active) {
            await tx
              .update(refreshTokenFamilies)
              .set({ revokedAt: sql`now()`, revokedReason: 'membership deactivated' })
              .where(and(eq(refreshTokenFamilies.userId, userId), eq(refreshTokenFamilies.organisationId, caller.organisationId), isNull(refreshTokenFamilies.revokedAt)));
          }
          await tx.insert(auditLog).values({ action: change.active ? 'users.reactivated' : 'users.deactivated', actorUserId: caller.userId, organisationId: caller.organisationId, entityType: 'user', entityId: userId, ...audit });
        }
        return 'done';
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

// Data access of the users admin. Every query is limited to the organisation of the administrator's
// access token (the service checks the membership first); an id of another organisation's user is
// simply not found. The last-administrator rule runs inside the transaction that would break it.
// Deactivation is the membership's (decision 032): it ends the user's access to this organisation
// only, never to another one they belong to.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ManagedUserStatus, MembershipRole } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../caller';
import { rows, type Db, type Tx } from '../../db/client';
import { auditLog, memberships, refreshTokenFamilies, users } from '../../db/schema/index';
import { enqueue, type OutboxMessage } from '../../common/outbox';
import { replaceCode } from '../../common/verification-codes/codes.repository';

export interface ManagedUserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  function: string | null;
  role: MembershipRole;
  status: ManagedUserStatus;
  created_at: string;
}

/** An administrator acting within their organisation (checked against the database, not only the token). */
export type AdminCaller = CustomerCaller & { organisationId: string };

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const selectUsers = (organisationId: string) => sql`
  select u.id, u.first_name, u.last_name, u.email, u.phone, u.function, m.role,
         case when m.deactivated_at is not null then 'deactivated' when u.password_hash is null then 'invited' else 'active' end as status,
         to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
  from users u join memberships m on m.user_id = u.id and m.organisation_id = ${organisationId}`;

/** Active administrators of the organisation other than `exceptUserId`, with the rows locked. */
async function otherActiveAdmins(tx: Tx, organisationId: string, exceptUserId: string): Promise<number> {
  const found = await rows<{ user_id: string }>(
    tx,
    sql`select m.user_id from memberships m join users u on u.id = m.user_id
        where m.organisation_id = ${organisationId} and m.role = 'admin' and m.deactivated_at is null and u.disabled_at is null and m.user_id <> ${exceptUserId}
        for update of m`,
  );
  return found.length;
}

export function createUsersRepository(db: Db) {
  return {
    /** The caller's role in their organisation as stored now; null unless their membership and account are active. */
    async membershipOf(caller: CustomerCaller): Promise<{ role: MembershipRole; organisationName: string; name: string } | null> {
      if (!caller.organisationId) return null;
      const [row] = await rows<{ role: MembershipRole; organisation_name: string; name: string }>(
        db,
        sql`select m.role, o.name as organisation_name, u.first_name || ' ' || u.last_name as name
            from memberships m join users u on u.id = m.user_id join organisations o on o.id = m.organisation_id
            where m.user_id = ${caller.userId} and m.organisation_id = ${caller.organisationId} and m.deactivated_at is null and u.disabled_at is null`,
      );
      return row ? { role: row.role, organisationName: row.organisation_name, name: row.name } : null;
    },

    async list(caller: AdminCaller, filter: { search?: string; role?: MembershipRole; status?: ManagedUserStatus }): Promise<ManagedUserRow[]> {
      const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return rows<ManagedUserRow>(
        db,
        sql`select * from (${selectUsers(caller.organisationId)}) x
            where (${like}::text is null or x.first_name || ' ' || x.last_name ilike ${like} or x.email ilike ${like} or coalesce(x.function, '') ilike ${like})
              and (${filter.role ?? null}::text is null or x.role::text = ${filter.role ?? null})
              and (${filter.status ?? null}::text is null or x.status = ${filter.status ?? null})
            order by x.last_name, x.first_name, x.email`,
      );
    },

    async find(caller: AdminCaller, userId: string): Promise<ManagedUserRow | null> {
      const [row] = await rows<ManagedUserRow>(db, sql`select * from (${selectUsers(caller.organisationId)}) x where x.id = ${userId}`);
      return row ?? null;
    },

    /**
     * Creates the invited user (no password yet) and their membership, stores the one-time link's
     * hash and queues the invitation, in one transaction. Null when the address has an account.
     */
    async invite(
      caller: AdminCaller,
      input: { email: string; firstName: string; lastName: string; phone: string | null; function: string | null; locale: string; role: MembershipRole },
      link: (userId: string) => { codeHash: string; expiresAt: Date; messages: OutboxMessage[] },
      audit: { ip: string; requestId: string },
    ): Promise<string | null> {
      try {
        return await db.transaction(async (tx) => {
          const { role, ...user } = input;
          const [created] = await tx.insert(users).values(user).returning({ id: users.id });
          const userId = created!.id;
          await tx.insert(memberships).values({ userId, organisationId: caller.organisationId, role });
          const l = link(userId);
          await replaceCode(tx, { userId, purpose: 'password_reset', codeHash: l.codeHash, expiresAt: l.expiresAt, maxAttempts: 1 });
          await enqueue(tx, ...l.messages);
          await tx.insert(auditLog).values({
            action: 'users.invited',
            actorUserId: caller.userId,
            organisationId: caller.organisationId,
            entityType: 'user',
            entityId: userId,
            data: { email: input.email, role },
            ...audit,
          });
          return userId;
        });
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
        const [current] = await rows<{ role: MembershipRole; disabled: boolean }>(
          tx,
          sql`select m.role, m.deactivated_at is not null as disabled from memberships m
              where m.organisation_id = ${caller.organisationId} and m.user_id = ${userId} for update`,
        );
        if (!current) return 'not_found';
        const staysAdmin = change.role === 'admin' && change.active;
        if (current.role === 'admin' && !current.disabled && !staysAdmin && (await otherActiveAdmins(tx, caller.organisationId, userId)) === 0) return 'last_admin';
        const membership = and(eq(memberships.userId, userId), eq(memberships.organisationId, caller.organisationId));
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

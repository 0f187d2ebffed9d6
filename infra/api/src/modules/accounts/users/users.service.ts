// The users admin of an organisation: for its administrators only (who is one is
// common/scope/authority.ts's, from the membership as read on this request: a demotion takes effect
// on the next request, decision 060). Invitations
// carry a one-time link to the reset-password page, which sets the first password.
import { ACCOUNT_ERRORS, API_ERRORS, type InviteUserSchema, type ManagedUser, type ManagedUsersQuerySchema, type UpdateManagedUserSchema, type UserClosure } from '@portal/shared/schemas';
import type * as v from 'valibot';
import type { Caller } from '../../../caller';
import { mailLocale } from '../../../common/outbox';
import { requireAuthority, type MemberCaller } from '../../../common/scope';
import { AppError } from '../../../errors';
import type { AdminCaller, UsersRepository } from './users.repository';
import type { createUserClosure } from './closure';

type Audit = { ip: string; requestId: string };

const notFound = () => new AppError(404, ACCOUNT_ERRORS.USER_NOT_FOUND, 'No such user in your organisation');

export function createUsersService(deps: { repo: UsersRepository; invitationTtlSeconds: number; close: ReturnType<typeof createUserClosure> }) {
  const { repo, invitationTtlSeconds } = deps;

  const ADMINS_ONLY = { code: ACCOUNT_ERRORS.ADMINS_ONLY, message: "Only the organisation's administrators manage its users" };
  const adminsOnly = () => new AppError(403, ADMINS_ONLY.code, ADMINS_ONLY.message);

  /** A customer of an organisation (staff and web-shop customers are refused as non-administrators). */
  function requireMember(caller: Caller): MemberCaller {
    if (caller.kind === 'staff') throw adminsOnly();
    if (caller.kind !== 'customer') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
    if (!caller.organisationId) throw adminsOnly();
    return caller as MemberCaller;
  }

  const requireAdmin = (caller: Caller): AdminCaller => requireAuthority(requireMember(caller), 'administer', ADMINS_ONLY);

  /**
   * For a route with an id: an id outside the caller's organisation is not found, for buyers and
   * administrators alike (a buyer learns no more than the overview of colleagues would tell).
   */
  async function requireAdminOver(caller: Caller, id: string) {
    const member = requireMember(caller);
    const user = await repo.find(member, id);
    if (!user) throw notFound();
    return { admin: requireAuthority(member, 'administer', ADMINS_ONLY), user };
  }

  async function found(admin: AdminCaller, id: string): Promise<ManagedUser> {
    const user = await repo.find(admin, id);
    if (!user) throw notFound();
    return user;
  }

  return {
    async list(caller: Caller, query: v.InferOutput<typeof ManagedUsersQuerySchema>): Promise<ManagedUser[]> {
      const admin = requireAdmin(caller);
      return repo.list(admin, { search: query.search || undefined, role: query.role, status: query.status });
    },

    async get(caller: Caller, id: string): Promise<ManagedUser> {
      return (await requireAdminOver(caller, id)).user;
    },

    async invite(caller: Caller, input: v.InferOutput<typeof InviteUserSchema>, interfaceLocale: string, audit: Audit): Promise<ManagedUser> {
      const admin = requireAdmin(caller);
      // The organisation's name and the inviter's, for the invitation mail.
      const membership = await repo.membershipOf(admin);
      if (!membership) throw adminsOnly();
      const userId = await repo.invite(
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone || null,
          function: input.function || null,
          locale: mailLocale(input.locale ?? interfaceLocale),
          role: input.role,
        },
        {
          organisationId: admin.organisationId,
          organisationName: membership.organisationName,
          inviterName: membership.name,
          ttlSeconds: invitationTtlSeconds,
          audit: { actorUserId: admin.userId, actorClient: null, ...audit },
        },
      );
      if (!userId) throw new AppError(409, ACCOUNT_ERRORS.EMAIL_TAKEN, 'This address already has an account', [{ path: 'email', message: 'account.emailTaken' }]);
      return found(admin, userId);
    },

    async update(caller: Caller, id: string, change: v.InferOutput<typeof UpdateManagedUserSchema>, audit: Audit): Promise<ManagedUser> {
      const { admin } = await requireAdminOver(caller, id);
      const result = await repo.update(admin, id, change, audit);
      if (result === 'not_found') throw notFound();
      if (result === 'last_admin') {
        throw new AppError(409, ACCOUNT_ERRORS.LAST_ADMIN, 'The organisation needs at least one active administrator', [{ path: change.active ? 'role' : 'active', message: 'account.lastAdmin' }]);
      }
      return found(admin, id);
    },

    /** Closes the user's account, or removes them from this organisation when they belong to another too (decision 063). */
    async close(caller: Caller, id: string, audit: Audit): Promise<UserClosure> {
      const { admin } = await requireAdminOver(caller, id);
      const result = await deps.close(admin, id, audit);
      if (result === 'not_found') throw notFound();
      if (result === 'last_admin') throw new AppError(409, ACCOUNT_ERRORS.LAST_ADMIN, 'The organisation needs at least one active administrator', [{ path: 'id', message: 'account.lastAdmin' }]);
      return { result };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

// The users admin of an organisation: for its administrators only (the role is read from the
// database on every call, so a demotion takes effect before the access token expires). Invitations
// carry a one-time link to the reset-password page, which sets the first password.
import { ACCOUNT_ERRORS, API_ERRORS, type InviteUserSchema, type ManagedUser, type ManagedUsersQuerySchema, type UpdateManagedUserSchema } from '@portal/shared/schemas';
import type * as v from 'valibot';
import type { Caller } from '../../caller';
import { mailLocale } from '../../common/outbox';
import { AppError } from '../../errors';
import type { AdminCaller, UsersRepository } from './users.repository';

type Audit = { ip: string; requestId: string };

const notFound = () => new AppError(404, ACCOUNT_ERRORS.USER_NOT_FOUND, 'No such user in your organisation');

export function createUsersService(deps: { repo: UsersRepository; invitationTtlSeconds: number }) {
  const { repo, invitationTtlSeconds } = deps;

  const adminsOnly = () => new AppError(403, ACCOUNT_ERRORS.ADMINS_ONLY, "Only the organisation's administrators manage its users");

  /** A customer of an organisation, with their role as stored now. */
  async function requireMember(caller: Caller) {
    if (caller.kind === 'staff') throw adminsOnly();
    if (caller.kind !== 'customer') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
    const membership = await repo.membershipOf(caller);
    if (!membership || !caller.organisationId) throw adminsOnly();
    // Scoped to the caller's organisation; only an administrator gets further than the lookup.
    return { admin: caller as AdminCaller, membership };
  }

  async function requireAdmin(caller: Caller) {
    const member = await requireMember(caller);
    if (member.membership.role !== 'admin') throw adminsOnly();
    return member;
  }

  /**
   * For a route with an id: an id outside the caller's organisation is not found, for buyers and
   * administrators alike (a buyer learns no more than the overview of colleagues would tell).
   */
  async function requireAdminOver(caller: Caller, id: string) {
    const member = await requireMember(caller);
    const user = await repo.find(member.admin, id);
    if (!user) throw notFound();
    if (member.membership.role !== 'admin') throw adminsOnly();
    return { ...member, user };
  }

  async function found(admin: AdminCaller, id: string): Promise<ManagedUser> {
    const user = await repo.find(admin, id);
    if (!user) throw notFound();
    return user;
  }

  return {
    async list(caller: Caller, query: v.InferOutput<typeof ManagedUsersQuerySchema>): Promise<ManagedUser[]> {
      const { admin } = await requireAdmin(caller);
      return repo.list(admin, { search: query.search || undefined, role: query.role, status: query.status });
    },

    async get(caller: Caller, id: string): Promise<ManagedUser> {
      return (await requireAdminOver(caller, id)).user;
    },

    async invite(caller: Caller, input: v.InferOutput<typeof InviteUserSchema>, interfaceLocale: string, audit: Audit): Promise<ManagedUser> {
      const { admin, membership } = await requireAdmin(caller);
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
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

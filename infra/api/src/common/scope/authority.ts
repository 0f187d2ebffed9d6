// Who may do more than order in an organisation (issue 40, decision 060): administer it (its users,
// cost centres and budgets, approval rules, every member's shared order lists) and decide its orders
// waiting for approval. Decided here once, from the role of the caller's membership as read on this
// request by the access check (plugins/access-state.ts sets it on the caller; the role an access
// token names is never what decides), and for the members a directory lists (who is told of a
// request). Each area refuses with its own code; the rule and the shape of the refusal are here.
import { MEMBERSHIP_ROLES, type MembershipRole } from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { AppError } from '../../errors';
import type { Refusal } from './customers-only';

/** `administer`: the users admin, cost centres and budgets, approval rules, every member's shared lists. `approve`: decide requests. */
export type Authority = 'administer' | 'approve';

/** What each membership role may do beyond ordering (an approver orders as a buyer does). */
const GRANTED: Record<MembershipRole, readonly Authority[]> = {
  admin: ['administer', 'approve'],
  approver: ['approve'],
  buyer: [],
};

/** A customer acting for an organisation. */
export type MemberCaller = CustomerCaller & { organisationId: string };

/** Whether a member with `role` (as stored: a directory's member, or the caller's membership now) has `authority`. */
export function roleHas(role: string, authority: Authority): boolean {
  return Object.hasOwn(GRANTED, role) && GRANTED[role as MembershipRole].includes(authority);
}

/** The roles that have `authority` (a query's condition: the organisation's active administrators). */
export const rolesWith = (authority: Authority): MembershipRole[] => MEMBERSHIP_ROLES.filter((role) => GRANTED[role].includes(authority));

/** Whether the caller, acting for an organisation, has `authority` there now. */
export function hasAuthority(caller: Caller, authority: Authority): caller is MemberCaller {
  return caller.kind === 'customer' && caller.organisationId !== null && roleHas(caller.role, authority);
}

/** The member if they have `authority` in their organisation now; 403 with the area's code otherwise. */
export function requireAuthority(caller: MemberCaller, authority: Authority, refusal: Refusal): MemberCaller {
  if (!hasAuthority(caller, authority)) throw new AppError(403, refusal.code, refusal.message);
  return caller;
}

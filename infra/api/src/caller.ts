// The request-scoped caller. Every repository function takes it as its first argument, so a query
// cannot be written without deciding whose data it may see; what it may see is written once in
// common/scope (decision 037).
import { API_ERRORS, type MembershipRole, type StaffRole } from '@portal/shared/schemas';
import { AppError } from './errors';

/** No access token (public content, the token endpoint itself). */
export type PublicCaller = { kind: 'public' };
/** A visitor with an anonymous session (anonymous grant). */
export type AnonymousCaller = { kind: 'anonymous'; sessionId: string; role: 'anonymous'; organisationId: null };
/** A customer user acting within one organisation. */
export type CustomerCaller = { kind: 'customer'; userId: string; organisationId: string | null; role: MembershipRole };
/** A provider employee; sees the organisations assigned to them. */
export type StaffCaller = { kind: 'staff'; userId: string; organisationId: null; role: StaffRole };
/** The service itself (seeding, maintenance): never built from a request. */
export type SystemCaller = { kind: 'system' };

export type Caller = PublicCaller | AnonymousCaller | CustomerCaller | StaffCaller | SystemCaller;

export const PUBLIC_CALLER: PublicCaller = Object.freeze({ kind: 'public' });
export const SYSTEM_CALLER: SystemCaller = Object.freeze({ kind: 'system' });

/** The caller's user id, if the caller is a signed-in person. */
export function callerUserId(caller: Caller): string | null {
  return caller.kind === 'customer' || caller.kind === 'staff' ? caller.userId : null;
}

/** Throws 401 unless the caller is a signed-in person. */
export function requireSignedIn(caller: Caller): asserts caller is CustomerCaller | StaffCaller {
  if (caller.kind !== 'customer' && caller.kind !== 'staff') {
    throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
  }
}

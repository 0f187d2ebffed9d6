// The request-scoped caller. Every repository function takes it as its first argument, so a query
// cannot be written without deciding whose data it may see; what it may see is written once in
// common/scope (decision 037).
import { API_ERRORS, INTEGRATION_ERRORS, managesIntegrationClients, type IntegrationScope, type MembershipRole, type StaffRole } from '@portal/shared/schemas';
import { AppError } from './errors';

/** No access token (public content, the token endpoint itself). */
export type PublicCaller = { kind: 'public' };
/** A visitor with an anonymous session (anonymous grant). */
export type AnonymousCaller = { kind: 'anonymous'; sessionId: string; role: 'anonymous'; organisationId: null };
/**
 * A customer user acting within one organisation (or none: a web-shop customer). From a request,
 * `role` is their membership's role as read on that request (plugins/access-state.ts), not the
 * token's claim; what a role may do is asked of common/scope/authority.ts (decision 060).
 */
export type CustomerCaller = { kind: 'customer'; userId: string; organisationId: string | null; role: MembershipRole };
/** A provider employee; sees the organisations assigned to them. */
export type StaffCaller = { kind: 'staff'; userId: string; organisationId: null; role: StaffRole };
/** The service itself (seeding, maintenance): never built from a request. */
export type SystemCaller = { kind: 'system' };
/**
 * A machine client of the supplier (ERP, PIM, warehouse; client-credentials grant, decision 045).
 * It acts on the integration routes within its scopes and belongs to no organisation: on the
 * customer routes it sees what a visitor sees.
 */
export type IntegrationCaller = { kind: 'integration'; clientId: string; clientName: string; scopes: readonly IntegrationScope[]; organisationId: null };

export type Caller = PublicCaller | AnonymousCaller | CustomerCaller | StaffCaller | SystemCaller | IntegrationCaller;

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

/**
 * Throws unless the caller is an integration client: 401 without a token (as requireSignedIn), 403
 * INTEGRATION_CLIENT_REQUIRED for a person's or an anonymous session's token.
 */
export function requireIntegrationClient(caller: Caller): asserts caller is IntegrationCaller {
  if (caller.kind === 'integration') return;
  if (caller.kind === 'public') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Send an integration client\'s access token');
  throw new AppError(403, INTEGRATION_ERRORS.NOT_A_CLIENT, 'Only an integration client may call this route');
}

/** Throws unless the caller is an integration client granted `scope` (403 INTEGRATION_SCOPE_MISSING otherwise). */
export function requireScope(caller: Caller, scope: IntegrationScope): asserts caller is IntegrationCaller {
  requireIntegrationClient(caller);
  if (!caller.scopes.includes(scope)) throw new AppError(403, INTEGRATION_ERRORS.SCOPE_MISSING, `This route needs the scope ${scope}`);
}

/** Throws unless the caller is the supplier's staff: 401 without a signed-in person, 403 STAFF_ONLY for anyone else. */
export function requireStaff(caller: Caller): asserts caller is StaffCaller {
  if (caller.kind === 'staff') return;
  if (caller.kind === 'customer') throw new AppError(403, API_ERRORS.STAFF_ONLY, "This page is for the supplier's staff");
  if (caller.kind === 'integration') throw new AppError(403, API_ERRORS.STAFF_ONLY, "This page is for the supplier's staff");
  throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
}

/**
 * Throws unless the caller is a member of the staff whose role manages integration clients
 * (`managesIntegrationClients`, decision 062): requireStaff's refusals, then 403
 * INTEGRATION_MANAGER_ROLE_REQUIRED for another staff role.
 */
export function requireIntegrationManager(caller: Caller): asserts caller is StaffCaller {
  requireStaff(caller);
  if (!managesIntegrationClients(caller.role)) throw new AppError(403, INTEGRATION_ERRORS.MANAGER_ROLE_REQUIRED, 'Only a sales consultant creates, rotates and revokes integration clients');
}

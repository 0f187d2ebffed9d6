// The request-scoped caller. Every repository function takes it as its first argument, so a query
// cannot be written without deciding whose data it may see.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/**
 * The condition that limits a query on a table with an organisation column to what the caller may
 * see: their own organisation for a customer, the assigned organisations for staff, everything for
 * the system, nothing for anyone else.
 */
/**
 * The orders (or other per-order rows) a caller may see: a customer in an organisation that
 * organisation's, a web-shop customer (no organisation) their own orders placed without one, staff
 * their assigned organisations'. The by-id read and the list both use this, so they cannot disagree.
 */
export function ownOrdersScope(caller: Caller, organisation: PgColumn | SQL, user: PgColumn | SQL): SQL {
  if (caller.kind === 'customer' && !caller.organisationId) return sql`(${organisation} is null and ${user} = ${caller.userId})`;
  return organisationScope(caller, organisation);
}

export function organisationScope(caller: Caller, column: PgColumn | SQL): SQL {
  switch (caller.kind) {
    case 'customer':
      return caller.organisationId ? sql`${column} = ${caller.organisationId}` : sql`false`;
    case 'staff':
      return sql`${column} in (select id from organisations where case_manager_id = ${caller.userId} or sales_consultant_id = ${caller.userId})`;
    case 'system':
      return sql`true`;
    default:
      return sql`false`;
  }
}

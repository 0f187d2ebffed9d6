// The one list of roles. The database enums (infra/api/src/db/schema/enums.ts), the access token's
// claims, the caller of /v1/me and the user forms all read these lists, so a role cannot exist in
// one place and be missing in another (a test compares them with the migrated database).
import * as v from 'valibot';

/** Role of a customer user within one organisation (`memberships.role`). */
export const MEMBERSHIP_ROLES = ['admin', 'buyer'] as const;
export const MembershipRoleSchema = v.picklist(MEMBERSHIP_ROLES);
export type MembershipRole = v.InferOutput<typeof MembershipRoleSchema>;

/** Role of a provider employee assigned to customers (`staff.role`, spec section 6). */
export const STAFF_ROLES = ['case_manager', 'sales_consultant'] as const;
export const StaffRoleSchema = v.picklist(STAFF_ROLES);
export type StaffRole = v.InferOutput<typeof StaffRoleSchema>;

/** Every role a signed-in person can have. */
export const USER_ROLES = [...MEMBERSHIP_ROLES, ...STAFF_ROLES] as const;
export const UserRoleSchema = v.picklist(USER_ROLES);
export type UserRole = v.InferOutput<typeof UserRoleSchema>;

/** The role an access token carries: a signed-in person's, or `anonymous` for a visitor's session. */
export const CALLER_ROLES = ['anonymous', ...USER_ROLES] as const;
export const CallerRoleSchema = v.picklist(CALLER_ROLES);
export type CallerRole = v.InferOutput<typeof CallerRoleSchema>;

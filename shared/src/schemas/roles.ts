// The one list of roles. The database enums (infra/api/src/db/enums.ts), the access token's
// claims, the caller of /v1/me and the user forms all read these lists, so a role cannot exist in
// one place and be missing in another (a test compares them with the migrated database). Constants
// only: the shell bundles this file, so each schema is built where it is used.

/** Role of a customer user within one organisation (`memberships.role`). An approver orders as a buyer does and also decides the organisation's orders waiting for approval (issue 33). */
export const MEMBERSHIP_ROLES = ['admin', 'buyer', 'approver'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** Role of a provider employee assigned to customers (`staff.role`, spec section 6). */
export const STAFF_ROLES = ['case_manager', 'sales_consultant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role a signed-in person can have. */
export const USER_ROLES = [...MEMBERSHIP_ROLES, ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The role an access token carries: a signed-in person's, or `anonymous` for a visitor's session. */
export const CALLER_ROLES = ['anonymous', ...USER_ROLES] as const;
export type CallerRole = (typeof CALLER_ROLES)[number];

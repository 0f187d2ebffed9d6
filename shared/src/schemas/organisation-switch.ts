// One person in several organisations (issue 33, decision 057): the organisations the caller may act
// for, and the switch to another one. The shell's header picker and the API's routes read these.
import * as v from 'valibot';
import { IdSchema, inputString, uuidInput } from './fields';
import { MEMBERSHIP_ROLES } from './roles';

/** Stable error codes of the organisation switch. */
export const ORGANISATION_SWITCH_ERRORS = {
  /** The user has no active membership of the organisation asked for (none at all, or deactivated). */
  NOT_A_MEMBER: 'ORGANISATION_NOT_A_MEMBER',
  /** Staff act for no organisation; only customer accounts switch. */
  CUSTOMERS_ONLY: 'ORGANISATION_SWITCH_CUSTOMERS_ONLY',
  /** The refresh token sent is not the current one of the caller's session (spent, revoked, expired or another's). */
  SESSION_INVALID: 'ORGANISATION_SWITCH_SESSION_INVALID',
} as const;

/** One organisation the caller is an active member of. */
export const MemberOrganisationSchema = v.object({
  id: IdSchema,
  name: v.string(),
  role: v.picklist(MEMBERSHIP_ROLES),
  /** The organisation the caller's access token acts for. */
  current: v.boolean(),
});
export type MemberOrganisation = v.InferOutput<typeof MemberOrganisationSchema>;

/** GET /api/v1/me/organisations: the caller's active memberships, by name. */
export const MemberOrganisationListSchema = v.object({ organisations: v.array(MemberOrganisationSchema) });
export type MemberOrganisationList = v.InferOutput<typeof MemberOrganisationListSchema>;

/**
 * POST /api/v1/me/organisation. The refresh token of the current session is spent by the switch:
 * an access token alone (which lives minutes) cannot be turned into a new refresh token.
 */
export const OrganisationSwitchInputSchema = v.strictObject({
  organisation_id: uuidInput(),
  refresh_token: v.pipe(inputString(), v.minLength(1), v.maxLength(200)),
});
export type OrganisationSwitchInput = v.InferInput<typeof OrganisationSwitchInputSchema>;

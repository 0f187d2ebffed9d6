import * as v from 'valibot';
import { MESSAGE_KEYS as M } from './messages';

/** What an organisation works in (spec section 3). */
export const ORGANISATION_TYPES = ['medical', 'tactical', 'medical_and_tactical'] as const;
export const OrganisationTypeSchema = v.picklist(ORGANISATION_TYPES, M.required);
export type OrganisationType = v.InferOutput<typeof OrganisationTypeSchema>;

/** Kind of contract customer: business or government. */
export const CLIENT_TYPES = ['B2B', 'B2G'] as const;
export const ClientTypeSchema = v.picklist(CLIENT_TYPES, M.required);
export type ClientType = v.InferOutput<typeof ClientTypeSchema>;

// GET /api/v1/me: who the access token names. The shell and the remotes read the caller's role from
// here instead of decoding the token.
import * as v from 'valibot';
import { CALLER_ROLES } from './roles';

export const CALLER_KINDS = ['anonymous', 'customer', 'staff'] as const;

export const MeSchema = v.object({
  /** A visitor's anonymous session, a customer user, or a provider employee. */
  kind: v.picklist(CALLER_KINDS),
  userId: v.nullable(v.string()),
  /** Only for `anonymous`. */
  sessionId: v.nullable(v.string()),
  /** The customer's organisation; null for visitors and staff. */
  organisationId: v.nullable(v.string()),
  role: v.picklist(CALLER_ROLES),
});
export type Me = v.InferOutput<typeof MeSchema>;

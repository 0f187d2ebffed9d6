// Whether a signed-in caller may still act, read from the database on every authenticated request:
// an access token is valid for minutes, and a membership deactivated by its organisation's
// administrator (or an account locked by the operator) must stop working now, not at its expiry
// (decision 032). One primary-key lookup per request; anonymous sessions are not looked up.
import { sql } from 'drizzle-orm';
import type { Caller } from '../caller';
import { rows, type Db } from '../db/client';

/** False when the caller's account is locked or, acting for an organisation, their membership there is deactivated or gone. */
export type AccessState = (caller: Caller) => Promise<boolean>;

export function createAccessState(db: Db): AccessState {
  return async (caller) => {
    if (caller.kind !== 'customer' && caller.kind !== 'staff') return true;
    const found =
      caller.kind === 'customer' && caller.organisationId
        ? await rows(
            db,
            sql`select 1 from memberships m join users u on u.id = m.user_id
                where m.user_id = ${caller.userId} and m.organisation_id = ${caller.organisationId} and m.deactivated_at is null and u.disabled_at is null`,
          )
        : await rows(db, sql`select 1 from users where id = ${caller.userId} and disabled_at is null`);
    return found.length > 0;
  };
}

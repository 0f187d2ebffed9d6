// Who can no longer get in anywhere (decision 032): an account locked by the operator, or a member
// whose every organisation has deactivated their membership. A user without any membership (staff,
// a web-shop customer) is shut out only by the account lock. Sign-in, the password and code flows
// and the token endpoint share this one rule.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** SQL boolean: the user is shut out. `user` names the `users` row's table alias or columns. */
export function shutOut(user: { id: PgColumn | SQL; disabledAt: PgColumn | SQL }): SQL<boolean> {
  return sql<boolean>`(${user.disabledAt} is not null or (
    exists (select 1 from memberships sm where sm.user_id = ${user.id})
    and not exists (select 1 from memberships sm where sm.user_id = ${user.id} and sm.deactivated_at is null)))`;
}

// The organisation's members as the approvals read them (issue 33), through MemberDirectoryPort:
// the rule form's choice of users, the names on requests and the decision's mail to the buyer.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Member, MemberDirectoryPort } from '../contract';
import type { Db, Tx } from '../../../db/client';
import { rowShape, typedRows } from '../../../db/typed-rows';

const memberRow = rowShape({ id: v.string(), first_name: v.string(), last_name: v.string(), email: v.string(), locale: v.string(), role: v.string() });

async function read(db: Db | Tx, organisationId: string, where: SQL): Promise<Member[]> {
  const rows = await typedRows(
    db,
    memberRow,
    sql`select u.id::text as id, u.first_name, u.last_name, u.email, u.locale, m.role::text as role
        from memberships m join users u on u.id = m.user_id
        where m.organisation_id = ${organisationId} and m.deactivated_at is null and u.disabled_at is null and ${where}
        order by u.last_name, u.first_name, u.id`,
  );
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), firstName: r.first_name, email: r.email, locale: r.locale, role: r.role }));
}

export const memberDirectory: MemberDirectoryPort = {
  members: (db, organisationId) => read(db, organisationId, sql`true`),
  async people(db, organisationId, ids) {
    if (!ids.length) return new Map();
    return new Map((await read(db, organisationId, sql`u.id::text in ${ids}`)).map((m) => [m.id, m]));
  },
};

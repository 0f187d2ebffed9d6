// Helpers of the my-orders tests (order-history, order-status, order-messages): demo staff, a
// staff member assigned to one organisation only, and orders picked by status from the database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { query } from './demo-buyers';

export const CASE_MANAGER = 'an.claes@portal-supplier.example';
export const SALES_CONSULTANT = 'pieter.willems@portal-supplier.example';
/** Created by `addStaff`: case manager of the police organisation only. */
export const POLICE_CASE_MANAGER = 'police.case-manager@portal-supplier.example';
/** Created by `addStaff`: assigned to no organisation. */
export const UNASSIGNED_STAFF = 'unassigned.staff@portal-supplier.example';

/** A copy of the demo case manager (same password) under another email, assigned as told. */
export async function addStaff(app: FastifyInstance, email: string, caseManagerOf: string | null, locale = 'fr'): Promise<void> {
  await query(
    app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' - 'locale'
          || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text, 'locale', ${locale}::text))).* from users u where u.email = ${CASE_MANAGER}`,
  );
  await query(app, sql`insert into staff (user_id, role) select id, 'case_manager' from users where email = ${email}`);
  if (caseManagerOf) {
    await query(
      app,
      sql`update organisations set case_manager_id = (select id from users where email = ${email}) where id = (select organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${caseManagerOf})`,
    );
  }
}

export interface PickedOrder {
  id: string;
  number: string;
  organisation_id: string;
  external_reference: string | null;
}

/** Orders of the buyer's organisation in a status (oldest number first). */
export async function ordersOf(app: FastifyInstance, buyerEmail: string, status?: string): Promise<PickedOrder[]> {
  return query<PickedOrder>(
    app,
    sql`select o.id, o.number, o.organisation_id, o.external_reference from orders o join memberships m on m.organisation_id = o.organisation_id join users u on u.id = m.user_id
        where u.email = ${buyerEmail} ${status ? sql`and o.status = ${status}` : sql``} order by o.number`,
  );
}

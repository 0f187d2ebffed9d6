// Helpers of the my-orders tests (order-history, order-status, order-messages): demo staff, a
// staff member assigned to one organisation only, and orders picked by status from the database.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, orders, organisations, staff, users } from '../db/schema';

export const CASE_MANAGER = 'an.claes@portal-supplier.example';
export const SALES_CONSULTANT = 'pieter.willems@portal-supplier.example';
/** Created by `addStaff`: case manager of the police organisation only. */
export const POLICE_CASE_MANAGER = 'police.case-manager@portal-supplier.example';
/** Created by `addStaff`: assigned to no organisation. */
export const UNASSIGNED_STAFF = 'unassigned.staff@portal-supplier.example';

/** A copy of the demo case manager (same password) under another email, assigned as told. */
export async function addStaff(app: FastifyInstance, email: string, caseManagerOf: string | null, locale = 'fr'): Promise<void> {
  const db = app.database.db;
  // Hand-written: a copy of the whole row, whatever columns users has.
  await db.execute(
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' - 'locale'
          || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text, 'locale', ${locale}::text))).* from users u where u.email = ${CASE_MANAGER}`,
  );
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db.insert(staff).values({ userId: member!.id, role: 'case_manager' });
  if (caseManagerOf) {
    const [buyerOrg] = await db
      .select({ id: memberships.organisationId })
      .from(memberships)
      .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.email, caseManagerOf)));
    await db.update(organisations).set({ caseManagerId: member!.id }).where(eq(organisations.id, buyerOrg!.id));
  }
}

export type PickedOrder = Awaited<ReturnType<typeof ordersOf>>[number];

/** Orders of the buyer's organisation in a status (oldest number first). */
export async function ordersOf(app: FastifyInstance, buyerEmail: string, status?: (typeof orders.status.enumValues)[number]) {
  return app.database.db
    .select({ id: orders.id, number: orders.number, organisation_id: orders.organisationId, external_reference: orders.externalReference })
    .from(orders)
    .innerJoin(memberships, eq(memberships.organisationId, orders.organisationId))
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.email, buyerEmail)))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(asc(orders.number));
}

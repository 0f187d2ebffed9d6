// A person in both demo organisations (decision 032): the hospital buyer's account copied under
// another email (same password), a member of A (the hospital) first and, a day later, of B (the
// police). Sign-in acts for the first active membership, so this person signs in to A.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../db/schema';
import { HOSPITAL_BUYER, POLICE_BUYER } from './demo-buyers';

/** The organisation the demo account `email` is a member of. */
export const organisationOf = async (app: FastifyInstance, email: string): Promise<string> =>
  (
    await app.database.db
      .select({ id: memberships.organisationId })
      .from(memberships)
      .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.email, email)))
  )[0]!.id;

/** Creates the person under `email`; returns their id and the two organisations. */
export async function addPersonInTwoOrganisations(app: FastifyInstance, email: string): Promise<{ personId: string; orgA: string; orgB: string }> {
  const [orgA, orgB] = [await organisationOf(app, HOSPITAL_BUYER), await organisationOf(app, POLICE_BUYER)];
  const db = app.database.db;
  // Hand-written: a copy of the whole row, whatever columns users has.
  await db.execute(
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text))).* from users u where u.email = ${HOSPITAL_BUYER}`,
  );
  const personId = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  await db.insert(memberships).values([
    { userId: personId, organisationId: orgA, role: 'buyer', createdAt: sql`now() - interval '2 days'` },
    { userId: personId, organisationId: orgB, role: 'buyer', createdAt: sql`now() - interval '1 day'` },
  ]);
  return { personId, orgA, orgB };
}

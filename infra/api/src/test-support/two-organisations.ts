// A person in both demo organisations (decision 032): the hospital buyer's account copied under
// another email (same password), a member of A (the hospital) first and, a day later, of B (the
// police). Sign-in acts for the first active membership, so this person signs in to A.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOSPITAL_BUYER, POLICE_BUYER, query } from './demo-buyers';

/** The organisation the demo account `email` is a member of. */
export const organisationOf = async (app: FastifyInstance, email: string): Promise<string> =>
  (await query<{ id: string }>(app, sql`select m.organisation_id as id from memberships m join users u on u.id = m.user_id where u.email = ${email}`))[0]!.id;

/** Creates the person under `email`; returns their id and the two organisations. */
export async function addPersonInTwoOrganisations(app: FastifyInstance, email: string): Promise<{ personId: string; orgA: string; orgB: string }> {
  const [orgA, orgB] = [await organisationOf(app, HOSPITAL_BUYER), await organisationOf(app, POLICE_BUYER)];
  await query(
    app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text))).* from users u where u.email = ${HOSPITAL_BUYER}`,
  );
  const personId = (await query<{ id: string }>(app, sql`select id from users where email = ${email}`))[0]!.id;
  await query(
    app,
    sql`insert into memberships (user_id, organisation_id, role, created_at) values (${personId}, ${orgA}, 'buyer', now() - interval '2 days'), (${personId}, ${orgB}, 'buyer', now() - interval '1 day')`,
  );
  return { personId, orgA, orgB };
}

// Test helpers of the placement tests: extra buyers of a demo organisation (for concurrent
// placements from different carts); what any test needs to place an order is in test-support/placement.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessToken, query } from '../../test-support/demo-buyers';

/** `count` new buyers of the organisation of `template` (same password), signed in. */
export async function extraBuyers(app: FastifyInstance, template: string, count: number, tag: string): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${tag}-${i}@extra-buyers.example`);
  for (const email of emails) {
    await query(
      app,
      sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${email}::text))).* from users u where u.email = ${template}`,
    );
    await query(
      app,
      sql`insert into memberships (user_id, organisation_id, role) select n.id, m.organisation_id, 'buyer' from users n, users t join memberships m on m.user_id = t.id where n.email = ${email} and t.email = ${template}`,
    );
  }
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await accessToken(app, email));
  return tokens;
}

export { defaultAddresses, fillCart, headers, startWebshopOrdersApp, stockedWebshopProduct, SUBMITTER } from '../../test-support/placement';

// Test helpers of the placement tests: extra buyers of a demo organisation (for concurrent
// placements from different carts); what any test needs to place an order is in test-support/placement.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CustomerCaller } from '../../../caller';
import type { OrderPlacementPort } from '../contract';
import type { Env } from '../../../env';
import { accessToken, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

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

export { defaultAddresses, fillCart, headers, startWebshopOrdersApp, stockedWebshopProduct, SUBMITTER } from '../../../test-support/placement';

/**
 * A test app and the orders' placement port as app.ts hands it to other modules (decorated on the
 * /api scope, which a test cannot name: it is taken from the scope the orders' routes are on).
 */
export async function startPlacementApp(overrides: Partial<Env> = {}): Promise<{ t: TestApp; placement: OrderPlacementPort }> {
  let placement: OrderPlacementPort | undefined;
  const t = await startTestApp({ paymentExpiryIntervalMs: 0, ...overrides }, undefined, {
    onRoute(this: FastifyInstance, route) {
      if (route.url === '/api/v1/orders' && this.hasDecorator('orderPlacement')) placement = this.orderPlacement;
    },
  });
  if (!placement) throw new Error('the orders module shares no placement port');
  return { t, placement };
}

/** The customer caller of a demo buyer (their one membership), as a port's caller is given. */
export async function customerCaller(app: FastifyInstance, email: string): Promise<CustomerCaller> {
  const [row] = await query<{ user_id: string; organisation_id: string | null; role: CustomerCaller['role'] }>(
    app,
    sql`select u.id as user_id, m.organisation_id, coalesce(m.role, 'buyer') as role from users u left join memberships m on m.user_id = u.id where u.email = ${email} limit 1`,
  );
  if (!row) throw new Error(`no such user ${email}`);
  return { kind: 'customer', userId: row.user_id, organisationId: row.organisation_id, role: row.role };
}

// Benchmarks only (`pnpm --filter @portal/bench orders`): buyers of the hospital organisation with
// refresh tokens minted straight into the database, products with ample stock for the throughput
// run, one product with the last few units and carts already holding it for the contention run,
// and the checks that count what was sold afterwards.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client';
import { contractPrices, contracts, organisations, products as productsTable } from '../db/schema';
import { typedRows } from '../db/typed-rows';
import { HOSPITAL } from './accounts';
import { mintRefreshTokens } from './bench-tokens';

const TEMPLATE = 'lucas.janssens@zorggroep-scheldeland.example';

export interface OrdersBenchSetup {
  /** One refresh token per buyer, by group. */
  throughput: string[];
  contention: string[];
  retry: string[];
  /** Contract products with ample stock (the throughput and retry carts). */
  products: string[];
  /** The product with the last units. */
  scarce: string;
  /**
   * The budget run (issue 33): buyers whose carts hold one of an ample product, assigned to an
   * inactive cost centre (inactive: the other runs order without one), and an administrator who
   * activates it with its budget once the run starts.
   */
  budget: { buyers: string[]; admin: string; costCentreId: string };
}

async function buyers(db: Db, clientId: string, tag: string, count: number): Promise<string[]> {
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, function, locale, email_verified_at)
    select ${tag} || '-' || g || '@bench-buyers.example', u.password_hash, 'Bench', 'Buyer ' || g, 'Buyer', 'en', now()
    from users u, generate_series(1, ${count}) g where u.email = ${TEMPLATE}`);
  await db.execute(sql`insert into memberships (user_id, organisation_id, role)
    select n.id, o.id, 'buyer' from users n, organisations o where n.email like ${`${tag}-%@bench-buyers.example`} and o.name = ${HOSPITAL}`);
  const tokens: string[] = [];
  for (let g = 1; g <= count; g++) tokens.push(...(await mintRefreshTokens(db, { email: `${tag}-${g}@bench-buyers.example`, clientId, count: 1 })));
  return tokens;
}

export async function prepareOrdersBench(
  db: Db,
  opts: { clientId: string; throughput: number; contention: number; retry: number; scarceUnits: number; budget?: number },
): Promise<OrdersBenchSetup> {
  const p = productsTable;
  const products = await db
    .select({ id: p.id })
    .from(p)
    .innerJoin(contractPrices, eq(contractPrices.productId, p.id))
    .innerJoin(contracts, eq(contracts.id, contractPrices.contractId))
    .innerJoin(organisations, eq(organisations.id, contracts.organisationId))
    .where(
      and(
        eq(organisations.name, HOSPITAL),
        isNotNull(contractPrices.priceCents),
        eq(p.kind, 'product'),
        eq(p.active, true),
        isNotNull(p.priceCents),
        eq(p.priceOnRequest, false),
      ),
    )
    .orderBy(asc(p.articleCode))
    .limit(21);
  const [scarce, ...ample] = products.map((row) => row.id);
  await db.update(p).set({ stockLevel: 10_000_000, backorderAllowed: false }).where(inArray(p.id, ample));
  await db.update(p).set({ stockLevel: opts.scarceUnits, backorderAllowed: false }).where(eq(p.id, scarce!));
  const setup: OrdersBenchSetup = {
    throughput: await buyers(db, opts.clientId, 'throughput', opts.throughput),
    contention: await buyers(db, opts.clientId, 'contention', opts.contention),
    retry: await buyers(db, opts.clientId, 'retry', opts.retry),
    products: ample,
    scarce: scarce!,
    budget: { buyers: await buyers(db, opts.clientId, 'budget', opts.budget ?? 0), admin: (await buyers(db, opts.clientId, 'budget-admin', 1))[0]!, costCentreId: '' },
  };
  await db.execute(sql`update memberships set role = 'admin' where user_id in (select id from users where email like 'budget-admin-%@bench-buyers.example')`);
  const [costCentre] = await typedRows(
    db,
    { id: v.string() },
    sql`insert into cost_centres (organisation_id, code, name, active, budget_cents, period)
        select id, 'BENCH', 'Bench budget', false, 0, 'month' from organisations where name = ${HOSPITAL} returning id::text as id`,
  );
  setup.budget.costCentreId = costCentre!.id;
  await db.execute(sql`insert into cost_centre_buyers (cost_centre_id, user_id) select ${costCentre!.id}, id from users where email like 'budget-%@bench-buyers.example' and email not like 'budget-admin-%'`);
  await db.execute(sql`insert into carts (user_id, organisation_id) select m.user_id, m.organisation_id from memberships m join users u on u.id = m.user_id where u.email like 'budget-%@bench-buyers.example' and u.email not like 'budget-admin-%'`);
  await db.execute(sql`insert into cart_lines (cart_id, product_id, quantity) select c.id, ${ample[0]!}, 1 from carts c join users u on u.id = c.user_id where u.email like 'budget-%@bench-buyers.example' and u.email not like 'budget-admin-%'`);
  // Every contention buyer's cart holds one of the scarce product.
  await db.execute(sql`insert into carts (user_id, organisation_id) select m.user_id, m.organisation_id from memberships m join users u on u.id = m.user_id where u.email like 'contention-%@bench-buyers.example'`);
  await db.execute(sql`insert into cart_lines (cart_id, product_id, quantity) select c.id, ${scarce!}, 1 from carts c join users u on u.id = c.user_id where u.email like 'contention-%@bench-buyers.example'`);
  return setup;
}

/** What was sold: the scarce product's stock, units and orders, and orders per retry buyer. */
export async function checkOrdersBench(db: Db, scarce: string) {
  const [s] = await typedRows(
    db,
    { stock: v.number(), units: v.number(), orders: v.number() },
    sql`select (select stock_level from products where id = ${scarce}) as stock,
               coalesce((select sum(quantity) from order_lines where product_id = ${scarce}), 0)::int as units,
               (select count(distinct order_id) from order_lines where product_id = ${scarce})::int as orders`,
  );
  const [r] = await typedRows(
    db,
    { orders: v.number(), buyers: v.number() },
    sql`select count(o.id)::int as orders, count(distinct o.user_id)::int as buyers from orders o join users u on u.id = o.user_id where u.email like 'retry-%@bench-buyers.example'`,
  );
  const [all] = await typedRows(
    db,
    { orders: v.number(), broken: v.number() },
    sql`select count(*)::int as orders, count(*) filter (where not exists (select 1 from order_lines l where l.order_id = o.id))::int as broken from orders o`,
  );
  const [b] = await typedRows(
    db,
    { orders: v.number(), spent: v.number(), charged: v.number() },
    sql`select (select count(*) from order_cost_centres o join cost_centres c on c.id = o.cost_centre_id where c.code = 'BENCH')::int as orders,
               coalesce((select sum(s.spent_cents) from cost_centre_spending s join cost_centres c on c.id = s.cost_centre_id where c.code = 'BENCH'), 0)::float8 as spent,
               coalesce((select sum(o.total_cents) from orders o join order_cost_centres l on l.order_id = o.id join cost_centres c on c.id = l.cost_centre_id where c.code = 'BENCH'), 0)::float8 as charged`,
  );
  return { scarce: s!, retry: r!, all: all!, budget: b! };
}

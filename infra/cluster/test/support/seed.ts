// Test data written straight into the test's database after the instances seeded the demo: extra
// buyers of the hospital (copies of the demo buyer, same password) and products with known stock.
import type { ClusterFixture } from './cluster-fixture';
import { HOSPITAL_BUYER } from './accounts';

/** `count` new buyers of the demo buyer's organisation; returns their emails. */
export async function addBuyers(f: Pick<ClusterFixture, 'sql'>, tag: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${tag}-${i}@cluster-buyers.example`);
  await f.sql(
    `insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', e))).*
     from users u, unnest($1::text[]) e where u.email = $2`,
    [emails, HOSPITAL_BUYER],
  );
  await f.sql(
    `insert into memberships (user_id, organisation_id, role)
     select n.id, m.organisation_id, 'buyer' from users n, users t join memberships m on m.user_id = t.id where n.email = any($1::text[]) and t.email = $2`,
    [emails, HOSPITAL_BUYER],
  );
  return emails;
}

/** `count` products of the demo buyer's contract, each given `stock` units (no backorders). */
export async function contractProducts(f: Pick<ClusterFixture, 'sql'>, count: number, stock: number): Promise<string[]> {
  const rows = await f.sql<{ id: string }>(
    `select p.id from products p join contract_prices cp on cp.product_id = p.id join contracts c on c.id = cp.contract_id
       join memberships m on m.organisation_id = c.organisation_id join users u on u.id = m.user_id
     where u.email = $1 and cp.price_cents is not null and p.kind = 'product' and p.active and p.price_cents is not null and not p.price_on_request
     order by p.article_code limit $2`,
    [HOSPITAL_BUYER, count],
  );
  const ids = rows.map((r) => r.id);
  await f.sql('update products set stock_level = $1, backorder_allowed = false where id = any($2::uuid[])', [stock, ids]);
  return ids;
}

/** A product of the web shop (for the web-shop customer, whose orders wait for payment). */
export async function webshopProduct(f: ClusterFixture): Promise<string> {
  const [row] = await f.sql<{ id: string }>(
    `select id from products where shop in ('medical', 'both') and not contract_only and active and kind = 'product'
       and price_cents is not null and not price_on_request and stock_level > 10 order by article_code limit 1`,
  );
  return row!.id;
}

/** Stock levels by product id. */
export async function stockOf(f: ClusterFixture, ids: string[]): Promise<Map<string, number>> {
  const rows = await f.sql<{ id: string; stock_level: number }>('select id, stock_level from products where id = any($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, Number(r.stock_level)]));
}

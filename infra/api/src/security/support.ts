// Shared by the access matrix and the robustness suite: the access policies of every module and the
// ids of organisation A, organisation B and the public shop that valid requests are built from.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/client';
import type { AccessTable, MatrixFixtures } from './access-policy';

export const ORG_A_BUYER = 'lucas.janssens@zorggroep-scheldeland.example';
export const ORG_B_BUYER = 'eva.bakker@interventie-polder.example';

/** Every `security/access/<module>.ts` table, merged; a key in two tables is an error. */
export async function loadAccessPolicies(): Promise<AccessTable> {
  const policies: AccessTable = {};
  const tables = join(import.meta.dirname, 'access');
  for (const file of readdirSync(tables).filter((name) => name.endsWith('.ts'))) {
    const mod = (await import(join(tables, file))) as Record<string, AccessTable>;
    for (const table of Object.values(mod)) {
      for (const [key, policy] of Object.entries(table)) {
        if (policies[key]) throw new Error(`two policies for ${key}`);
        policies[key] = policy;
      }
    }
  }
  return policies;
}

/** A product of A's contract, a contract-only product of B outside A's contract, a public product. */
export async function matrixFixtures(app: FastifyInstance): Promise<MatrixFixtures> {
  const db = app.database.db;
  const contractOf = async (email: string) =>
    (await rows<{ id: string }>(db, sql`select c.id from contracts c join memberships m on m.organisation_id = c.organisation_id join users u on u.id = m.user_id where u.email = ${email}`))[0]!.id;
  const [contractA, contractB] = [await contractOf(ORG_A_BUYER), await contractOf(ORG_B_BUYER)];
  const [productA] = await rows<{ id: string; slug: string; code: string }>(
    db,
    sql`select p.id, p.slug, p.article_code as code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contractA}
        where p.kind = 'product' and p.stock_level > 10 order by p.slug limit 1`,
  );
  const [productB] = await rows<{ id: string; slug: string; code: string }>(
    db,
    sql`select p.id, p.slug, p.article_code as code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contractB}
        where p.contract_only and not exists (select 1 from contract_prices a where a.contract_id = ${contractA} and a.product_id = p.id) order by p.slug limit 1`,
  );
  const [publicProduct] = await rows<{ id: string; slug: string }>(
    db,
    sql`select id, slug from products where shop in ('medical', 'both') and not contract_only and kind = 'product' and stock_level > 10 order by slug limit 1`,
  );
  // Delivered and confirmed: every move and confirmation is refused, so the matrix changes nothing.
  const deliveredOf = async (email: string) =>
    (
      await rows<{ id: string; number: string }>(
        db,
        sql`select o.id, o.number from orders o join memberships m on m.organisation_id = o.organisation_id join users u on u.id = m.user_id
            where u.email = ${email} and o.status = 'delivered' and o.delivery_confirmed_at is not null order by o.number limit 1`,
      )
    )[0]!;
  const historyOrders = { deliveredA: await deliveredOf(ORG_A_BUYER), deliveredB: await deliveredOf(ORG_B_BUYER) };
  const quotationOf = async (email: string, status: 'draft' | 'sent') =>
    (
      await rows<{ id: string }>(
        db,
        sql`select q.id from quotations q join memberships m on m.organisation_id = q.organisation_id join users u on u.id = m.user_id
            where u.email = ${email} and q.status = ${status} order by q.number limit 1`,
      )
    )[0]!.id;
  const quotations = {
    draftA: await quotationOf(ORG_A_BUYER, 'draft'),
    sentA: await quotationOf(ORG_A_BUYER, 'sent'),
    draftB: await quotationOf(ORG_B_BUYER, 'draft'),
    sentB: await quotationOf(ORG_B_BUYER, 'sent'),
  };
  const firstOf = async (table: 'addresses' | 'orders', email: string) =>
    (await rows<{ id: string }>(db, sql`select t.id from ${sql.raw(table)} t join memberships m on m.organisation_id = t.organisation_id join users u on u.id = m.user_id where u.email = ${email} order by t.id limit 1`))[0]!;
  const userId = async (email: string) => (await rows<{ id: string }>(db, sql`select id from users where email = ${email}`))[0]!;
  return {
    productA: productA!,
    productB: productB!,
    publicProduct: publicProduct!,
    addressA: await firstOf('addresses', ORG_A_BUYER),
    addressB: await firstOf('addresses', ORG_B_BUYER),
    orderA: await firstOf('orders', ORG_A_BUYER),
    orderB: await firstOf('orders', ORG_B_BUYER),
    userA: await userId(ORG_A_BUYER),
    userB: await userId(ORG_B_BUYER),
    historyOrders,
    quotations,
  };
}

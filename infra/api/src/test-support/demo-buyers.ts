// Helpers shared by the tests of several modules (catalogue, cart, preferences): signing in the
// demo buyers and reading the database directly to check what the API says against what is stored.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client';
import { contractPrices, contracts, memberships, products, users } from '../db/schema';
import { nullable, typedRows } from '../db/typed-rows';
import { DEMO_PASSWORD } from '../seed/accounts';
import { CLIENT, FORM_HEADERS, form } from './test-app';

export const HOSPITAL_BUYER = 'lucas.janssens@zorggroep-scheldeland.example';
export const POLICE_BUYER = 'eva.bakker@interventie-polder.example';

/** `language`: signed in from the portal in that language (its Accept-Language), which becomes the account's (decision 061). */
export async function accessToken(app: FastifyInstance, email: string, language?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { ...FORM_HEADERS, ...(language ? { 'accept-language': language } : {}) },
    payload: form({ ...CLIENT, grant_type: 'password', username: email, password: DEMO_PASSWORD }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export async function anonymousToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'anonymous' }) });
  return res.json().access_token as string;
}

/**
 * Rows of a raw query, typed by the caller with no check. For tests only, which may read loosely:
 * they check what the API answers against what is stored, and a stale query fails the test itself.
 * Production code reads through the query builder or typedRows (decision 040).
 */
export async function rawRows<T>(db: Db | Tx, q: SQL): Promise<T[]> {
  const result = (await db.execute(q)) as unknown as { rows: T[] };
  return result.rows;
}

export const query = <T>(app: FastifyInstance, q: SQL) => rawRows<T>(app.database.db, q);

/** The contract id of the organisation a demo buyer belongs to. */
export async function contractOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.database.db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(memberships, eq(memberships.organisationId, contracts.organisationId))
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.email, email)));
  return row!.id;
}

/** A product of a contract matching a condition on p (products) and cp (its contract price). */
export async function contractProduct(app: FastifyInstance, contractId: string, where: SQL) {
  const [row] = await typedRows(
    app.database.db,
    {
      id: products.id,
      slug: products.slug,
      stock_level: products.stockLevel,
      price_cents: nullable(contractPrices.priceCents),
      vat_rate_bp: products.vatRateBp,
      article_code: products.articleCode,
      nsn: products.nsn,
    },
    sql`select p.id, p.slug, p.stock_level, cp.price_cents, p.vat_rate_bp, p.article_code, p.nsn from products p
        join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contractId} where ${where} order by p.article_code limit 1`,
  );
  if (!row) throw new Error('the seed has no such product');
  return row;
}

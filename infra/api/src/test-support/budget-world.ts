// The budgets tests' common start: the demo app with placement's limits lifted, the hospital's
// administrator and buyer signed in, and one contract product with stock enough for every order;
// and what those tests do through the API as that buyer and administrator (`budgetCalls`).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from './demo-buyers';
import { defaultAddresses, fillCart, headers, SUBMITTER } from './placement';
import { startTestApp, type TestApp } from './test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';

export async function startBudgetWorld(): Promise<{ t: TestApp; admin: string; lucas: string; productId: string }> {
  const t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0 } as never);
  const [admin, lucas] = [await accessToken(t.app, HOSPITAL_ADMIN), await accessToken(t.app, HOSPITAL_BUYER)];
  const p = await contractProduct(t.app, await contractOf(t.app, HOSPITAL_BUYER), sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`);
  await query(t.app, sql`update products set stock_level = 100000, low_stock_threshold = 0 where id = ${p.id}`);
  return { t, admin, lucas, productId: p.id };
}

/** The buyer's and the administrator's calls of a budget world: the cart, the checkout's preview and body, placement, cost centres, the rule. */
export function budgetCalls(w: { t: TestApp; admin: string; lucas: string; productId: string }) {
  const { t, admin, lucas, productId } = w;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, extra), ...(payload ? { payload } : {}) });
  /** The checkout as the buyer's last step sends it: default addresses, standard shipping. */
  const body = async (costCentreId: string) => ({ ...(await defaultAddresses(t.app, lucas)), shipping_method: 'standard', submitter: SUBMITTER, cost_centre_id: costCentreId });
  return {
    call,
    body,
    place: (payload: object) => call('POST', '/orders', lucas, payload, { 'idempotency-key': randomUUID() }),
    /** The preview as the checkout asks it for that body: its delivery address's country, the same shipping method. */
    async preview(extra: object = {}) {
      const { delivery_address_id } = await defaultAddresses(t.app, lucas);
      const book = (await call('GET', '/addresses', lucas)).json() as { id: string; country: string }[];
      return call('POST', '/checkout/preview', lucas, { delivery_country: book.find((a) => a.id === delivery_address_id)!.country, shipping_method: 'standard', ...extra });
    },
    async setCart(quantity: number) {
      await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
      await fillCart(t.app, lucas, [{ product_id: productId, quantity }]);
    },
    /** A cost centre of the hospital with a monthly budget, assigned to its buyer. */
    async createCostCentre(code: string, budgetCents: number): Promise<string> {
      const [lucasRow] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
      const res = await call('POST', '/cost-centres', admin, { code, name: `Ward ${code}`, budget_cents: budgetCents, period: 'month', buyer_ids: [lucasRow!.id] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    async rule(over_budget: 'refuse' | 'approval') {
      expect((await call('PUT', '/budget-rule', admin, { over_budget })).statusCode).toBe(200);
    },
    spent: async (costCentreId: string) =>
      Number((await query<{ s: string | null }>(t.app, sql`select sum(spent_cents)::text as s from cost_centre_spending where cost_centre_id = ${costCentreId}`))[0]!.s ?? 0),
  };
}

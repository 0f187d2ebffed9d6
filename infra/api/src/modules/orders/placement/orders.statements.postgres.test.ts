// What a placement costs in statements (BENCHMARKS.md: the placement transaction folds stock, order,
// lines, history, cart emptying and the key's answer into one statement). The stock, the cart, the
// discount code and the quotation are their owners' tables, reached through ports (decision 039):
// this counts every statement the API sends to PostgreSQL while it places, so a port that turns a
// fragment of placement's statement into a statement of its own fails here, not only in the bench.
// PostgreSQL only (`*.postgres.test.ts`: the statements are counted at the pg client; PGlite has none).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { countStatements, type StatementCounter } from '../../../test-support/statement-counter';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { defaultAddresses, fillCart, headers, SUBMITTER } from './orders.test-support';

let t: TestApp;
let token: string;
let contract: string;
let counter: StatementCounter;

beforeAll(async () => {
  // The access check is counted as a request that reads it (the cache off): whether a request finds it
  // cached depends on how long ago the same caller asked (decision 091), and a hit's 0 statements are
  // plugins/access-cache.instances.postgres.test.ts's to prove.
  t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0, accessCacheTtlMs: 0 } as never);
  token = await accessToken(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  await query(t.app, sql`insert into discount_codes (code, kind, value) values ('STATEMENTS', 'percent', 500) on conflict do nothing`);
  counter = countStatements();
});
afterAll(async () => {
  counter?.restore();
  await t?.close();
});

/** Places the buyer's cart of one product; answers the statements the placement request sent. */
async function placeCounting(extra: object = {}): Promise<string[]> {
  // The demo seed leaves a cart for the buyer: this placement's cart holds one line.
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
  const p = await contractProduct(t.app, contract, sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`);
  await query(t.app, sql`update products set stock_level = 50 where id = ${p.id}`);
  await fillCart(t.app, token, [{ product_id: p.id, quantity: 1 }]);
  const body = { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER, ...extra };
  const { result: res, statements } = await counter.during(() =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'idempotency-key': randomUUID() }, payload: body }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return statements;
}

describe('statements per placement (PostgreSQL)', () => {
  // 11 since approval rules (decision 055 §3), 13 since the VAT rule (decision 058): the organisation's rules are read once, before the
  // transaction, so that an order that needs approval is refused (none of the organisation's: the read finds none).
  it("an order on account: 13, the stock, cart, order and key in one of them, the approval rules and the VAT rule's facts read", async () => {
    const sent = await placeCounting();
    expect(sent, sent.join('\n---\n')).toHaveLength(13);
    // The VAT rule's facts (decision 058): the buyer's organisation and the products' own categories.
    expect(sent.filter((s) => /"vat_exemption_reason" from "organisations"/.test(s) || /"vat_category" from "products"/.test(s))).toHaveLength(2);
    expect(sent.filter((s) => /from "approval_rules"/.test(s))).toHaveLength(1);
    // The stock is taken, the order written and the cart emptied by one statement.
    expect(sent.filter((s) => /update products/.test(s) && /insert into orders/.test(s) && /delete from cart_lines/.test(s))).toHaveLength(1);
  });

  it('with a discount code: two more (15), the quote reads the code and placement takes its use', async () => {
    const sent = await placeCounting({ discount_code: 'STATEMENTS' });
    expect(sent, sent.join('\n---\n')).toHaveLength(15);
  });
});

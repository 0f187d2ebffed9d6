// What a cart-add costs in statements (BENCHMARKS.md, issue 13: "the add answers the cart from the
// statement that adds the lines, with its free from"). Counts every statement the API sends to
// PostgreSQL while it adds two lines, as the orders bench's probe does, so a change that turns a
// part of the add into a statement of its own fails here, not only in the bench.
//
// 8, where issue 13's table says 7: decision 035 (the order maximum, 7cafa84) prices the whole cart
// before the add, so the cart's lines are read once before the products' lookup (and again, with
// the lock held, by the statement after the lock).
// PostgreSQL only (`*.postgres.test.ts`: the statements are counted at the pg client; PGlite has none).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { headers } from '../../test-support/placement';
import { countStatements, type StatementCounter } from '../../test-support/statement-counter';

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
  counter = countStatements();
});
afterAll(async () => {
  counter?.restore();
  await t?.close();
});

describe('statements per cart-add (PostgreSQL)', () => {
  it("two lines: 10 (the VAT rule's buyer and product facts among them), the lines added and the cart answered with its free-from in one of them", async () => {
    const products = await query<{ id: string }>(
      t.app,
      sql`select p.id from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contract}
          where cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request and p.stock_level > 10 order by p.article_code limit 2`,
    );
    const lines = products.map((p) => ({ product_id: p.id, quantity: 1 }));
    let statements: string[] = [];
    for (let round = 0; round < 2; round++) {
      const sent = await counter.during(() => t.app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers: headers(token), payload: { lines } }));
      expect(sent.result.statusCode, sent.result.body).toBeLessThan(300);
      statements = sent.statements;
    }
    const sent = statements.join('\n---\n');
    // access check and contract; the cart's lines (decision 035); the products; begin; the lock;
    // the locked cart; the add answering the cart; commit.
    expect(statements, sent).toHaveLength(10);
    expect(statements.filter((s) => /insert into cart_lines/.test(s) && /free_from/.test(s)), sent).toHaveLength(1);
    expect(statements.findIndex((s) => /from "?cart_lines"? (l )?(inner )?join "?carts"?/.test(s)), sent).toBeLessThan(statements.indexOf('begin'));
  });
});

import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrequentlyOrderedSchema, NewInContractSchema, type FrequentlyOrdered, type NewInContract } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, anonymousToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { frequentlyOrderedQuery, newInContractQuery } from './catalog-widgets';

const FREQUENT = '/api/v1/catalog/widgets/frequently-ordered';
const NEW = '/api/v1/catalog/widgets/new-in-contract';
/** The statuses of issue 7 that count as ordered (written out here, not taken from the code under test). */
const PLACED = ['ordered', 'processing', 'to_be_shipped', 'in_shipping', 'delivered'];
const DAY_MS = 86_400_000;

interface Buyer {
  email: string;
  token: string;
  userId: string;
  organisationId: string;
  contractId: string;
}

let t: TestApp;
let hospital: Buyer;
let police: Buyer;
async function buyer(email: string): Promise<Buyer> {
  const [token, contractId, [ids]] = await Promise.all([
    accessToken(t.app, email),
    contractOf(t.app, email),
    query<{ user_id: string; organisation_id: string }>(t.app, sql`select m.user_id, m.organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${email}`),
  ]);
  return { email, token, contractId, userId: ids!.user_id, organisationId: ids!.organisation_id };
}
beforeAll(async () => {
  t = await startTestApp();
  [hospital, police] = await Promise.all([buyer(HOSPITAL_BUYER), buyer(POLICE_BUYER)]);
});
afterAll(async () => {
  await t?.close();
});

const headers = (token?: string, lang = 'en', shop: string | null = 'portal') => ({
  'accept-language': lang,
  ...(shop ? { 'x-shop-type': shop } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
async function frequent(b: Buyer, qs = '', lang = 'en'): Promise<FrequentlyOrdered> {
  const res = await t.app.inject({ url: `${FREQUENT}${qs}`, headers: headers(b.token, lang) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return v.parse(FrequentlyOrderedSchema, res.json());
}
async function newest(b: Buyer, qs = '', lang = 'en'): Promise<NewInContract> {
  const res = await t.app.inject({ url: `${NEW}${qs}`, headers: headers(b.token, lang) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return v.parse(NewInContractSchema, res.json());
}
const ids = (list: { items: { product: { id: string } }[] }) => list.items.map((i) => i.product.id);
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ranking worked out here from the stored orders and the visibility rule, not with the widget's SQL. */
async function expectedRanking(b: Buyer) {
  const lines = await query<{ order_id: string; status: string; placed_ms: number; product_id: string; quantity: number }>(
    t.app,
    sql`select o.id as order_id, o.status::text as status, (extract(epoch from o.placed_at) * 1000)::float8 as placed_ms, l.product_id, l.quantity
        from orders o join order_lines l on l.order_id = o.id where o.organisation_id = ${b.organisationId} and l.product_id is not null`,
  );
  const visible = new Set(
    (
      await query<{ id: string }>(
        t.app,
        sql`select p.id from products p where not p.contract_only or exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${b.contractId})`,
      )
    ).map((r) => r.id),
  );
  const per = new Map<string, { orders: Set<string>; quantity: number; last: number }>();
  for (const l of lines) {
    if (!PLACED.includes(l.status) || !visible.has(l.product_id)) continue;
    const entry = per.get(l.product_id) ?? { orders: new Set<string>(), quantity: 0, last: 0 };
    entry.orders.add(l.order_id);
    entry.quantity += l.quantity;
    entry.last = Math.max(entry.last, l.placed_ms);
    per.set(l.product_id, entry);
  }
  return [...per]
    .map(([id, e]) => ({ id, times: e.orders.size, quantity: e.quantity, last: e.last }))
    .sort((a, b) => b.times - a.times || b.quantity - a.quantity || b.last - a.last || byId(a.id, b.id));
}

/** The contract's lines added at or after `since`, newest first, worked out here. */
async function expectedNew(b: Buyer, since: string) {
  const lines = await query<{ product_id: string; added_ms: number }>(
    t.app,
    sql`select product_id, (extract(epoch from added_at) * 1000)::float8 as added_ms from contract_prices where contract_id = ${b.contractId}`,
  );
  return lines.filter((l) => l.added_ms >= Date.parse(since)).sort((a, b) => b.added_ms - a.added_ms || byId(a.product_id, b.product_id));
}

const ownPrices = async (b: Buyer) =>
  new Map((await query<{ product_id: string; price_cents: number | null }>(t.app, sql`select product_id, price_cents from contract_prices where contract_id = ${b.contractId}`)).map((r) => [r.product_id, r.price_cents]));

let orderNo = 0;
/** A placed (or unpaid) order of an organisation, `daysAgo` days back, with [product, quantity] lines. */
async function placeOrder(organisationId: string, status: string, daysAgo: number, lines: [string, number][]) {
  const address = JSON.stringify({ label: 'Test', street: 'Teststraat', nr: '1', postal_code: '2000', city: 'Antwerpen', country: 'BE' });
  const [order] = await query<{ id: string }>(
    t.app,
    sql`insert into orders (number, organisation_id, status, placed_at, delivery_address, invoice_address, subtotal_cents, vat_cents, total_cents)
        values (${`TEST-WIDGET-${++orderNo}`}, ${organisationId}, ${status}, now() - make_interval(hours => ${Math.round(daysAgo * 24)}::int),
                ${address}::jsonb, ${address}::jsonb, 0, 0, 0) returning id`,
  );
  for (const [productId, quantity] of lines) {
    await query(
      t.app,
      sql`insert into order_lines (order_id, product_id, article_code, description, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
          values (${order!.id}, ${productId}, 'TEST', 'Test line', ${quantity}, 100, 2100, ${100 * quantity})`,
    );
  }
}
const timesOver = (n: number, fn: (i: number) => Promise<void>) => Array.from({ length: n }, (_, i) => i).reduce((p, i) => p.then(() => fn(i)), Promise.resolve());

/** Products matching `where` (p = products, cp = the buyer's contract line) that the buyer's organisation never ordered. */
async function neverOrdered(b: Buyer, n: number, where: SQL = sql`true`): Promise<string[]> {
  const list = await query<{ id: string }>(
    t.app,
    sql`select p.id from products p left join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${b.contractId}
        where ${where} and not exists (select 1 from order_lines l join orders o on o.id = l.order_id where l.product_id = p.id and o.organisation_id = ${b.organisationId})
        order by p.article_code limit ${n}`,
  );
  expect(list.length, 'the seed has such products').toBe(n);
  return list.map((r) => r.id);
}

describe('frequently ordered', () => {
  it("ranks each demo organisation's placed orders: most orders, then quantity, then most recent", async () => {
    for (const b of [hospital, police]) {
      const expected = await expectedRanking(b);
      expect(expected.length, 'the demo orders hold more products than one default widget shows').toBeGreaterThan(6);
      const list = await frequent(b, '?limit=12');
      expect(ids(list)).toEqual(expected.slice(0, 12).map((e) => e.id));
      for (const [i, item] of list.items.entries()) {
        expect([item.times_ordered, item.total_quantity]).toEqual([expected[i]!.times, expected[i]!.quantity]);
        expect(Math.abs(Date.parse(item.last_ordered_at) - expected[i]!.last)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('shows each product as its detail does, at the own contract price, in the reader\'s language', async () => {
    for (const [b, lang] of [[hospital, 'nl'], [police, 'fr']] as const) {
      const prices = await ownPrices(b);
      const list = await frequent(b, '?limit=12', lang);
      const names = new Map(
        (await query<{ product_id: string; name: string }>(t.app, sql`select product_id, name from product_translations where locale = ${lang} and product_id in ${ids(list)}`)).map((r) => [r.product_id, r.name]),
      );
      for (const { product } of list.items) {
        const detail = await t.app.inject({ url: `/api/v1/catalog/products/${product.slug}`, headers: headers(b.token, lang) });
        expect(detail.json()).toMatchObject(product);
        expect(product.name).toBe(names.get(product.id));
        if (product.price) expect(product.price.excl_vat).toBe(prices.get(product.id));
      }
    }
  });

  it('gives 6 by default and at most `limit`', async () => {
    const twelve = ids(await frequent(hospital, '?limit=12'));
    expect(ids(await frequent(hospital))).toEqual(twelve.slice(0, 6));
    expect(ids(await frequent(hospital, '?limit=1'))).toEqual(twelve.slice(0, 1));
    expect(ids(await frequent(hospital, '?limit=7'))).toEqual(twelve.slice(0, 7));
  });

  it('counts placed orders only, and breaks ties by quantity, then by the most recent order', async () => {
    const top = Math.max(...(await expectedRanking(hospital)).map((e) => e.times));
    const [a, b, c, d, unpaid] = await neverOrdered(hospital, 5, sql`cp.price_cents is not null`);
    await timesOver(top + 2, (i) => placeOrder(hospital.organisationId, 'delivered', 40 + i, [[a!, 1]]));
    // One order lists b twice: it is still one order.
    await timesOver(top + 1, (i) => placeOrder(hospital.organisationId, PLACED[i % PLACED.length]!, 40 + i, i === 0 ? [[b!, 1], [b!, 1]] : [[b!, 2]]));
    await timesOver(top + 1, (i) => placeOrder(hospital.organisationId, 'processing', 2 + i, [[c!, 1]]));
    await timesOver(top + 1, (i) => placeOrder(hospital.organisationId, 'in_shipping', 5 + i, [[d!, 1]]));
    // More orders and more pieces than any other, but never paid: they do not count.
    const unpaidStatuses = ['payment_pending', 'payment_failed', 'payment_cancelled', 'payment_expired'];
    await timesOver(top + 8, (i) => placeOrder(hospital.organisationId, unpaidStatuses[i % 4]!, 1, [[unpaid!, 50]]));

    const list = await frequent(hospital, '?limit=12');
    expect(ids(list).slice(0, 4)).toEqual([a, b, c, d]);
    expect(list.items.slice(0, 4).map((i) => [i.times_ordered, i.total_quantity])).toEqual([
      [top + 2, top + 2],
      [top + 1, 2 * (top + 1)],
      [top + 1, top + 1],
      [top + 1, top + 1],
    ]);
    expect(Date.now() - Date.parse(list.items[2]!.last_ordered_at)).toBeLessThan(2.1 * DAY_MS);
    expect(ids(list)).not.toContain(unpaid);
    expect(ids(list)).toEqual((await expectedRanking(hospital)).slice(0, 12).map((e) => e.id));
  });

  it('leaves out what the buyer can no longer see, and marks what left the contract', async () => {
    const top = Math.max(...(await expectedRanking(hospital)).map((e) => e.times));
    // Another organisation's contract-only product, and a public product outside the contract.
    const [hidden] = await neverOrdered(hospital, 1, sql`p.contract_only and cp.product_id is null`);
    const [outside] = await neverOrdered(hospital, 1, sql`not p.contract_only and cp.product_id is null and p.price_cents is not null`);
    await timesOver(top + 3, (i) => placeOrder(hospital.organisationId, 'delivered', 3 + i, [[hidden!, 1], [outside!, 1]]));
    const list = await frequent(hospital);
    expect(ids(list)).not.toContain(hidden);
    expect(list.items[0]!.product).toMatchObject({ id: outside, stock_state: 'not_within_contract', price: null, orderable: false, max_quantity: 0 });
  });
});

describe('organisation scoping', () => {
  it("never shows another organisation's orders, contract additions or prices", async () => {
    // In both contracts at different prices, long in the hospital's, never ordered by the hospital.
    const [shared] = await neverOrdered(
      hospital,
      1,
      sql`exists (select 1 from contract_prices o where o.product_id = p.id and o.contract_id = ${police.contractId} and o.price_cents <> cp.price_cents)
          and cp.added_at < now() - interval '100 days'`,
    );
    const top = Math.max(...(await expectedRanking(police)).map((e) => e.times));
    await timesOver(top + 5, (i) => placeOrder(police.organisationId, 'ordered', 1 + i, [[shared!, 3]]));
    await query(t.app, sql`update contract_prices set added_at = now() - interval '1 hour' where contract_id = ${police.contractId} and product_id = ${shared}`);
    const policePrice = (await ownPrices(police)).get(shared!);

    const policeFrequent = await frequent(police);
    expect(policeFrequent.items[0]!.product.id).toBe(shared);
    expect(policeFrequent.items[0]!.product.price!.excl_vat).toBe(policePrice);
    const policeNew = await newest(police);
    expect(policeNew.items[0]!.product.id).toBe(shared);
    expect(policeNew.items[0]!.product.price!.excl_vat).toBe(policePrice);

    const hospitalOrdered = new Set(
      (await query<{ product_id: string }>(t.app, sql`select l.product_id from order_lines l join orders o on o.id = l.order_id where o.organisation_id = ${hospital.organisationId}`)).map((r) => r.product_id),
    );
    const hospitalPrices = await ownPrices(hospital);
    const hospitalFrequent = await frequent(hospital, '?limit=12');
    expect(ids(hospitalFrequent)).not.toContain(shared);
    for (const id of ids(hospitalFrequent)) expect(hospitalOrdered.has(id)).toBe(true);
    const hospitalNew = await newest(hospital, '?limit=12');
    expect(ids(hospitalNew)).not.toContain(shared);
    for (const { product } of [...hospitalFrequent.items, ...hospitalNew.items]) {
      if (product.price && product.stock_state !== 'not_within_contract') expect(product.price.excl_vat).toBe(hospitalPrices.get(product.id));
    }
  });
});

describe('new in contract', () => {
  it("lists each demo contract's lines of the last 90 days, newest first", async () => {
    for (const b of [hospital, police]) {
      const before = Date.now();
      const list = await newest(b, '?limit=12');
      expect(Date.parse(list.since)).toBeGreaterThanOrEqual(before - 90 * DAY_MS);
      expect(Date.parse(list.since)).toBeLessThanOrEqual(Date.now() - 90 * DAY_MS);
      const expected = await expectedNew(b, list.since);
      expect(expected.length, 'the seed adds a handful of products to every contract lately').toBeGreaterThanOrEqual(4);
      expect(ids(list)).toEqual(expected.slice(0, 12).map((e) => e.product_id));
      for (const [i, item] of list.items.entries()) {
        expect(Math.abs(Date.parse(item.added_at) - expected[i]!.added_ms)).toBeLessThanOrEqual(1);
        expect(item.product.stock_state).not.toBe('not_within_contract');
      }
    }
  });

  it('looks back 90 days: a line added 100 days ago is out, one added yesterday or 89 days ago is in', async () => {
    const [recent] = (await newest(hospital, '?limit=1')).items;
    const [yesterday, older] = await neverOrdered(hospital, 2, sql`cp.added_at < now() - interval '100 days'`);
    const set = (productId: string, ago: string) =>
      query(t.app, sql`update contract_prices set added_at = now() - ${ago}::interval where contract_id = ${hospital.contractId} and product_id = ${productId}`);
    await set(recent!.product.id, '100 days');
    await set(yesterday!, '1 day');
    await set(older!, '89 days');
    const list = await newest(hospital, '?limit=12');
    expect(ids(list)).not.toContain(recent!.product.id);
    expect(ids(list)).toContain(yesterday);
    expect(ids(list).at(-1)).toBe(older);
    expect(ids(list)).toEqual((await expectedNew(hospital, list.since)).slice(0, 12).map((e) => e.product_id));
  });

  it('gives 6 by default and at most `limit`', async () => {
    const extra = await neverOrdered(police, 8, sql`cp.added_at < now() - interval '100 days'`);
    for (const [i, id] of extra.entries()) {
      await query(t.app, sql`update contract_prices set added_at = now() - make_interval(mins => ${i + 1}::int) where contract_id = ${police.contractId} and product_id = ${id}`);
    }
    const twelve = ids(await newest(police, '?limit=12'));
    expect(twelve.slice(0, 8)).toEqual(extra);
    expect(ids(await newest(police))).toEqual(twelve.slice(0, 6));
    expect(ids(await newest(police, '?limit=2'))).toEqual(twelve.slice(0, 2));
  });

  it('is empty without an active contract, while ordered public products still show', async () => {
    await query(t.app, sql`update contracts set status = 'expired' where id = ${hospital.contractId}`);
    try {
      const list = await newest(hospital);
      expect(list.items).toEqual([]);
      expect(Math.abs(Date.parse(list.since) - (Date.now() - 90 * DAY_MS))).toBeLessThan(60_000);
      const ordered = await frequent(hospital, '?limit=12');
      expect(ordered.items.length).toBeGreaterThan(0);
      for (const { product } of ordered.items) expect(product).toMatchObject({ stock_state: 'not_within_contract', price: null, orderable: false });
    } finally {
      await query(t.app, sql`update contracts set status = 'active' where id = ${hospital.contractId}`);
    }
  });
});

describe('access and validation', () => {
  it.each([FREQUENT, NEW])('%s needs a signed-in buyer', async (url) => {
    for (const token of [undefined, await anonymousToken(t.app)]) {
      const res = await t.app.inject({ url, headers: headers(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('CATALOG_LOGIN_REQUIRED');
    }
  });

  it.each([FREQUENT, NEW])('%s needs X-Shop-Type: portal', async (url) => {
    for (const shop of [null, 'medical', 'tactical', 'nonsense']) {
      const res = await t.app.inject({ url, headers: headers(hospital.token, 'en', shop) });
      expect(res.statusCode, String(shop)).toBe(400);
      expect(res.json().code).toBe('CATALOG_SHOP_REQUIRED');
    }
  });

  it.each([FREQUENT, NEW])('%s rejects a bad limit or an unknown field with 400', async (url) => {
    for (const qs of ['?limit=0', '?limit=13', '?limit=abc', '?limit=-1', '?limit=1.5', '?limit=', '?limit=1&limit=2', '?limit=99999999']) {
      const res = await t.app.inject({ url: `${url}${qs}`, headers: headers(hospital.token) });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'limit' }] });
    }
    const unknown = await t.app.inject({ url: `${url}?limit=3&top=1`, headers: headers(hospital.token) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
  });

  it('documents both widgets in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    for (const [path, operationId] of [[FREQUENT, 'getFrequentlyOrdered'], [NEW, 'getNewInContract']]) {
      const op = doc.paths[path!]?.get;
      expect(op?.operationId).toBe(operationId);
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['limit']);
    }
  });
});

describe('query plans', () => {
  // As in product-detail.routes.test.ts: sequential scans win on demo data, so they are turned off to
  // show that an index serves each widget query (and that both start from the caller's own rows).
  const plan = async (q: SQL, sort = true) =>
    t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      if (!sort) await tx.execute(sql`set local enable_sort = off`);
      const res = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  const scope = () => ({ shop: 'portal' as const, contractId: hospital.contractId, locale: 'en' as const });
  const caller = (): CustomerCaller => ({ kind: 'customer', userId: hospital.userId, organisationId: hospital.organisationId, role: 'buyer' });

  it('reads the organisation\'s orders and their lines through their indexes', async () => {
    const text = await plan(frequentlyOrderedQuery(scope(), caller(), 6));
    // Either organisation-first index will do (the my-orders list added one with the status).
    expect(text).toMatch(/orders_org_(status_)?placed_idx/);
    expect(text).toContain('order_lines_order_idx');
  });

  it("reads the contract's newest lines in the order of contract_prices_contract_added_idx, without sorting", async () => {
    // With sorts ruled out as well, only an index in the ORDER BY's own order gives a sort-free plan.
    const text = await plan(newInContractQuery(scope(), new Date(Date.now() - 90 * DAY_MS), 6), false);
    expect(text).toContain('contract_prices_contract_added_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});

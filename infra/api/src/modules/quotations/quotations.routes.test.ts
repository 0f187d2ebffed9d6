// Quotations: created empty, from the cart or with products; edited while draft; locked once sent;
// answered by the assigned case manager with prices and a validity date; accepted while valid;
// expired by the scheduled job; deleted. Every step in the history; never another organisation's.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, QUOTATION_ERRORS, QuotationListSchema, QuotationSchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { addStaff, CASE_MANAGER, POLICE_CASE_MANAGER } from '../../test-support/orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let productA: { id: string };
let productB: { id: string };
beforeAll(async () => {
  t = await startTestApp();
  await addStaff(t.app, POLICE_CASE_MANAGER, POLICE_BUYER);
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, CASE_MANAGER, POLICE_CASE_MANAGER, WEBSHOP_CUSTOMER]) tokens[email] = await accessToken(t.app, email);
  const contract = await contractOf(t.app, HOSPITAL_BUYER);
  productA = await contractProduct(t.app, contract, sql`cp.price_cents is null`);
  productB = await contractProduct(t.app, contract, sql`cp.price_cents is not null and p.active`);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/quotations${url}`, headers: { authorization: `Bearer ${tokens[email]}`, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const parse = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return v.parse(QuotationSchema, res.json());
};

describe('quotations', () => {
  it('refuses a web-shop customer (no organisation) with 403 QUOTATION_ORGANISATION_ONLY, never a 401 that signs them out (issue 32)', async () => {
    for (const res of [await call('GET', '', WEBSHOP_CUSTOMER), await call('POST', '', WEBSHOP_CUSTOMER, {}), await call('GET', '/00000000-0000-4000-8000-000000000000', WEBSHOP_CUSTOMER)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: QUOTATION_ERRORS.ORGANISATION_ONLY });
    }
  });

  it('refuses non-UUID product ids and days that do not exist with 400 VALIDATION_FAILED, never a 500, writing nothing (issue 27)', async () => {
    const draft = parse(await call('POST', '', HOSPITAL_BUYER, { title: 'Bad input', lines: [{ product_id: productA.id, quantity: 1 }] }), 201);
    const count = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from quotations`))[0]!.n;
    const before = await count();
    for (const productId of ['abc', '/etc/passwd', 'a\u0000b', `${productA.id}\u0000`]) {
      for (const res of [
        await call('POST', '', HOSPITAL_BUYER, { lines: [{ product_id: productId, quantity: 1 }] }),
        await call('PUT', `/${draft.id}`, HOSPITAL_BUYER, { lines: [{ product_id: productId, quantity: 1 }] }),
      ]) {
        expect(res.statusCode, `${JSON.stringify(productId)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'lines.0.product_id' }] });
      }
    }
    expect(await count()).toBe(before);
    parse(await call('POST', `/${draft.id}/send`, HOSPITAL_BUYER));
    for (const day of ['2027-02-30', '2026-04-31', '2027-02-29']) {
      const res = await call('POST', `/${draft.id}/answer`, CASE_MANAGER, { valid_until: day, lines: [{ product_id: productA.id, unit_price_excl_vat: 100 }] });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'valid_until', message: 'validation.invalid.date' }] });
    }
    expect(parse(await call('GET', `/${draft.id}`, HOSPITAL_BUYER))).toMatchObject({ status: 'sent', valid_until: null });
  });

  it("refuses an answer past one order's maximum with the checkout's 422, as the checkout would refuse to order it (decision 035)", async () => {
    const draft = parse(await call('POST', '', HOSPITAL_BUYER, { title: 'Large', lines: [{ product_id: productA.id, quantity: 9999 }] }), 201);
    parse(await call('POST', `/${draft.id}/send`, HOSPITAL_BUYER));
    const over = await call('POST', `/${draft.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1_000_000 }] });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({ code: CHECKOUT_ERRORS.AMOUNT_TOO_LARGE, errors: [{ path: 'lines', message: 'checkout.amountTooLarge' }] });
    expect(parse(await call('GET', `/${draft.id}`, HOSPITAL_BUYER))).toMatchObject({ status: 'sent', valid_until: null });
    // 9 999 × € 100.00 = € 999 900: within the maximum, answered.
    parse(await call('POST', `/${draft.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 10_000 }] }));
  });

  it('goes draft → sent (locked) → answered → accepted, every step in the history', async () => {
    const created = parse(await call('POST', '', HOSPITAL_BUYER, { title: 'Splints', lines: [{ product_id: productA.id, quantity: 5 }] }), 201);
    expect(created).toMatchObject({ status: 'draft', editable: true, lines: [{ product_id: productA.id, quantity: 5, unit_price_excl_vat: null }] });
    const edited = parse(await call('PUT', `/${created.id}`, HOSPITAL_BUYER, { title: 'Splints', lines: [{ product_id: productA.id, quantity: 8 }, { product_id: productB.id, quantity: 2 }] }));
    expect(edited.lines).toHaveLength(2);
    // Staff answer only sent quotations.
    const early = await call('POST', `/${created.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1 }] });
    expect(early.json().code).toBe(QUOTATION_ERRORS.WRONG_STATUS);
    const sent = parse(await call('POST', `/${created.id}/send`, HOSPITAL_BUYER));
    expect(sent).toMatchObject({ status: 'sent', editable: false });
    for (const res of [
      await call('PUT', `/${created.id}`, HOSPITAL_BUYER, { lines: [] }),
      await call('POST', `/${created.id}/send`, HOSPITAL_BUYER),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: QUOTATION_ERRORS.LOCKED, detail: 'This quotation has been sent and can no longer be changed' });
    }
    expect((await call('POST', `/${created.id}/accept`, HOSPITAL_BUYER)).json().code).toBe(QUOTATION_ERRORS.WRONG_STATUS);
    // Another organisation's case manager does not see it; a buyer cannot answer.
    expect((await call('POST', `/${created.id}/answer`, POLICE_CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1 }] })).statusCode).toBe(404);
    expect((await call('POST', `/${created.id}/answer`, HOSPITAL_BUYER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1 }] })).statusCode).toBe(403);
    const partial = await call('POST', `/${created.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1 }] });
    expect(partial.statusCode).toBe(422);
    const past = await call('POST', `/${created.id}/answer`, CASE_MANAGER, { valid_until: '2020-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 1 }, { product_id: productB.id, unit_price_excl_vat: 2 }] });
    expect(past.json()).toMatchObject({ code: QUOTATION_ERRORS.EXPIRED, errors: [{ path: 'valid_until' }] });
    const answered = parse(
      await call('POST', `/${created.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 4200 }, { product_id: productB.id, unit_price_excl_vat: 990 }] }),
    );
    expect(answered).toMatchObject({ status: 'answered', valid_until: '2099-01-01' });
    expect(Object.fromEntries(answered.lines.map((l) => [l.product_id, l.unit_price_excl_vat]))).toEqual({ [productA.id]: 4200, [productB.id]: 990 });
    expect((await call('POST', `/${created.id}/accept`, CASE_MANAGER)).statusCode).toBe(403);
    const accepted = parse(await call('POST', `/${created.id}/accept`, HOSPITAL_BUYER));
    expect(accepted.status).toBe('accepted');
    expect(accepted.history!.map((h) => h.event)).toEqual(['created', 'edited', 'sent', 'answered', 'accepted']);
    expect(accepted.history![3]!.by).toBe('An Claes');
    // An accepted quotation stays (it is ordered through the checkout).
    expect((await call('DELETE', `/${created.id}`, HOSPITAL_BUYER)).statusCode).toBe(409);
  });

  it('creates from the cart, refuses another organisation\'s contract-only product, and deletes', async () => {
    const [cart] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from cart_lines l join carts c on c.id = l.cart_id join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER}`);
    const fromCart = parse(await call('POST', '', HOSPITAL_BUYER, { from_cart: true }), 201);
    expect(fromCart.lines).toHaveLength(cart!.n);
    const [foreign] = await query<{ id: string }>(
      t.app,
      sql`select p.id from products p join contract_prices cp on cp.product_id = p.id join contracts c on c.id = cp.contract_id join memberships m on m.organisation_id = c.organisation_id join users u on u.id = m.user_id
          where u.email = ${POLICE_BUYER} and p.contract_only and not exists (select 1 from contract_prices x join contracts y on y.id = x.contract_id join memberships mm on mm.organisation_id = y.organisation_id join users uu on uu.id = mm.user_id where uu.email = ${HOSPITAL_BUYER} and x.product_id = p.id) limit 1`,
    );
    const refused = await call('POST', '', HOSPITAL_BUYER, { lines: [{ product_id: foreign!.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: QUOTATION_ERRORS.PRODUCT_NOT_FOUND, errors: [{ path: 'lines.0.product_id' }] });
    const empty = parse(await call('POST', '', HOSPITAL_BUYER, {}), 201);
    expect((await call('POST', `/${empty.id}/send`, HOSPITAL_BUYER)).json().code).toBe(QUOTATION_ERRORS.EMPTY);
    expect((await call('DELETE', `/${empty.id}`, POLICE_BUYER)).statusCode).toBe(404);
    expect((await call('DELETE', `/${empty.id}`, HOSPITAL_BUYER)).statusCode).toBe(204);
    expect((await call('GET', `/${empty.id}`, HOSPITAL_BUYER)).statusCode).toBe(404);
  });

  it('lists only the organisation\'s quotations, for buyers and assigned staff', async () => {
    const mine = v.parse(QuotationListSchema, (await call('GET', '', HOSPITAL_BUYER)).json()).items;
    const theirs = v.parse(QuotationListSchema, (await call('GET', '', POLICE_BUYER)).json()).items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((q) => theirs.some((x) => x.id === q.id))).toBe(false);
    const policeManager = v.parse(QuotationListSchema, (await call('GET', '', POLICE_CASE_MANAGER)).json()).items;
    expect(policeManager.map((q) => q.id).sort()).toEqual(theirs.map((q) => q.id).sort());
    expect((await call('GET', `/${mine[0]!.id}`, POLICE_BUYER)).json().code).toBe(QUOTATION_ERRORS.NOT_FOUND);
  });

  it('expires answered quotations past their date (the scheduled job), which can then not be accepted', async () => {
    const q = parse(await call('POST', '', HOSPITAL_BUYER, { lines: [{ product_id: productA.id, quantity: 1 }] }), 201);
    parse(await call('POST', `/${q.id}/send`, HOSPITAL_BUYER));
    parse(await call('POST', `/${q.id}/answer`, CASE_MANAGER, { valid_until: '2099-01-01', lines: [{ product_id: productA.id, unit_price_excl_vat: 100 }] }));
    await query(t.app, sql`update quotations set valid_until = current_date - 1 where id = ${q.id}`);
    const refused = await call('POST', `/${q.id}/accept`, HOSPITAL_BUYER);
    expect(refused.json().code).toBe(QUOTATION_ERRORS.EXPIRED);
    // The job, as the app schedules it: run by restarting (it runs once at start).
    await t.restart();
    tokens[HOSPITAL_BUYER] = await accessToken(t.app, HOSPITAL_BUYER);
    const expired = parse(await call('GET', `/${q.id}`, HOSPITAL_BUYER));
    expect(expired.status).toBe('expired');
    expect(expired.history!.at(-1)).toMatchObject({ event: 'expired', by: null });
  });
});

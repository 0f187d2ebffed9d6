// My orders list and detail: only the organisation's orders (staff: assigned organisations'),
// newest first, searchable by order number, external number, product name and code, filtered by
// status and date, paged; another organisation's order is not found.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, ORDER_HISTORY_ERRORS, OrderDetailSchema, OrderListSchema } from '@portal/shared/schemas';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { addStaff, CASE_MANAGER, ordersOf, POLICE_CASE_MANAGER, SALES_CONSULTANT, UNASSIGNED_STAFF } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await addStaff(t.app, POLICE_CASE_MANAGER, POLICE_BUYER);
  await addStaff(t.app, UNASSIGNED_STAFF, null);
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, CASE_MANAGER, SALES_CONSULTANT, POLICE_CASE_MANAGER, UNASSIGNED_STAFF]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, email?: string, token = email ? tokens[email] : undefined) =>
  t.app.inject({ url, headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const list = async (qs: string, email = HOSPITAL_BUYER) => {
  const res = await get(`/api/v1/orders${qs}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(OrderListSchema, res.json());
};

describe('order list', () => {
  it("lists the organisation's orders only, newest first, with the total", async () => {
    const mine = await ordersOf(t.app, HOSPITAL_BUYER);
    const page = await list('?page_size=100');
    expect(page.total).toBe(mine.length);
    expect(new Set(page.items.map((o) => o.id))).toEqual(new Set(mine.map((o) => o.id)));
    const dates = page.items.map((o) => o.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const theirs = await list('?page_size=100', POLICE_BUYER);
    expect(theirs.items.some((o) => mine.some((m) => m.id === o.id))).toBe(false);
  });

  it('pages', async () => {
    const all = await list('?page_size=100');
    const second = await list('?page=2&page_size=3');
    expect(second).toMatchObject({ page: 2, page_size: 3, total: all.total });
    expect(second.items.map((o) => o.id)).toEqual(all.items.slice(3, 6).map((o) => o.id));
  });

  it('searches by order number, external order number, product name and article code', async () => {
    const [withRef] = (await ordersOf(t.app, HOSPITAL_BUYER)).filter((o) => o.external_reference);
    expect((await list(`?q=${encodeURIComponent(withRef!.external_reference!)}`)).items.map((o) => o.id)).toEqual([withRef!.id]);
    const any = (await ordersOf(t.app, HOSPITAL_BUYER))[2]!;
    expect((await list(`?q=${encodeURIComponent(any.number.toLowerCase())}`)).items.map((o) => o.id)).toEqual([any.id]);
    const [line] = await query<{ article_code: string; description: string; order_id: string }>(t.app, sql`select article_code, description, order_id from order_lines where order_id = ${any.id} limit 1`);
    expect((await list(`?q=${encodeURIComponent(line!.article_code)}`)).items.map((o) => o.id)).toContain(any.id);
    const byName = await list(`?q=${encodeURIComponent(line!.description.slice(0, 12))}`);
    expect(byName.items.map((o) => o.id)).toContain(any.id);
    // The search never reaches another organisation's orders, and pattern characters are literal.
    const police = await ordersOf(t.app, POLICE_BUYER);
    expect((await list(`?q=${encodeURIComponent(police[0]!.number)}`)).items).toEqual([]);
    expect((await list('?q=%25')).items).toEqual([]);
  });

  it('pages a search that matches every order like the list itself, counting only the organisation', async () => {
    // A broad search is answered by walking the newest orders (the repository's probe), a narrow one
    // from the trigram indexes: both must give the list's order, paging and scope.
    const all = await list('?page_size=100');
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const prefix = all.items[0]!.number.slice(0, 3);
    expect(all.items.every((o) => o.number.startsWith(prefix))).toBe(true);
    const searched = await list(`?q=${encodeURIComponent(prefix)}&page_size=2&page=2`);
    expect(searched.items.map((o) => o.id)).toEqual(all.items.slice(2, 4).map((o) => o.id));
    expect(searched.total).toBe(all.total);
    expect(searched.total_capped).toBe(false);
  });

  it('filters by status and by date', async () => {
    const delivered = await list('?status=delivered');
    expect(delivered.items.length).toBeGreaterThan(0);
    expect(delivered.items.every((o) => o.status === 'delivered')).toBe(true);
    const all = await list('?page_size=100');
    const day = all.items[3]!.date.slice(0, 10);
    const sameDay = await list(`?from=${day}&to=${day}`);
    expect(sameDay.items.map((o) => o.id)).toContain(all.items[3]!.id);
    expect(sameDay.items.every((o) => o.date.slice(0, 10) === day)).toBe(true);
    expect((await list('?from=2099-01-01')).total).toBe(0);
  });

  it('refuses days that do not exist with a field error, never a 500 (issue 27)', async () => {
    for (const [qs, path] of [['?from=2026-02-30', 'from'], ['?to=2026-04-31', 'to'], ['?from=2027-02-29&to=2027-03-01', 'from'], ['?to=0000-01-01', 'to']]) {
      const res = await get(`/api/v1/orders${qs}`, HOSPITAL_BUYER);
      expect(res.statusCode, `${qs}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: API_ERRORS.VALIDATION_FAILED, errors: [{ path, message: 'validation.invalid.date' }] });
    }
    // A leap day that exists is a day like any other.
    expect((await list('?from=2028-02-29')).total).toBe(0);
  });

  it('refuses bad filters with field errors, and visitors', async () => {
    for (const qs of ['?status=lost', '?from=yesterday', '?page=0', '?page_size=1000', '?sort=x']) {
      const res = await get(`/api/v1/orders${qs}`, HOSPITAL_BUYER);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
    }
    expect((await get('/api/v1/orders')).statusCode).toBe(401);
    expect((await get('/api/v1/orders', undefined, await anonymousToken(t.app))).statusCode).toBe(401);
  });

  it('shows staff the orders of the organisations assigned to them, never others', async () => {
    const hospital = await ordersOf(t.app, HOSPITAL_BUYER);
    const police = await ordersOf(t.app, POLICE_BUYER);
    // An Claes is still the hospital's case manager; the police got their own.
    const an = await list('?page_size=100', CASE_MANAGER);
    expect(an.total).toBe(hospital.length);
    const policeManager = await list('?page_size=100', POLICE_CASE_MANAGER);
    expect(policeManager.total).toBe(police.length);
    expect(policeManager.items.every((o) => police.some((p) => p.id === o.id))).toBe(true);
    // The sales consultant is assigned to both.
    expect((await list('?page_size=100', SALES_CONSULTANT)).total).toBe(hospital.length + police.length);
    expect((await list('', UNASSIGNED_STAFF)).total).toBe(0);
    // Naming another organisation does not widen the scope.
    expect((await list(`?organisation=${police[0]!.organisation_id}`, CASE_MANAGER)).total).toBe(0);
  });
});

describe('order detail', () => {
  it('shows lines, addresses, submitter, history and totals of an own order', async () => {
    const [order] = await ordersOf(t.app, HOSPITAL_BUYER, 'in_shipping');
    const res = await get(`/api/v1/my-orders/${order!.number}`, HOSPITAL_BUYER);
    expect(res.statusCode, res.body).toBe(200);
    const detail = v.parse(OrderDetailSchema, res.json());
    expect(detail.lines.length).toBe(detail.products);
    expect(detail.history.map((h) => h.status)).toEqual(['ordered', 'processing', 'to_be_shipped', 'in_shipping']);
    expect(detail.tracking_reference).toMatch(/^3SPORTAL/);
    expect(detail.submitter?.full_name).toBe('Demo Submitter');
    expect(detail).toMatchObject({ next_statuses: [], can_confirm_delivery: true, awaiting_delivery_confirmation: true });
    expect(detail.totals.incl_vat).toBe(detail.total_incl_vat);
    const staff = v.parse(OrderDetailSchema, (await get(`/api/v1/my-orders/${order!.number}`, CASE_MANAGER)).json());
    expect(staff).toMatchObject({ next_statuses: ['delivered'], can_confirm_delivery: false });
  });

  it("names each line in the reader's language where the catalogue has the product, else as it was ordered", async () => {
    const [order] = await ordersOf(t.app, HOSPITAL_BUYER, 'delivered');
    const lines = await query<{ id: string; product_id: string }>(t.app, sql`select id, product_id from order_lines where order_id = (select id from orders where number = ${order!.number}) order by article_code, id`);
    expect(lines.length).toBeGreaterThan(0);
    const [first] = lines;
    // As a Dutch buyer ordered it; the catalogue has the product in every language.
    await query(t.app, sql`update order_lines set description = 'Nederlandse naam bij bestelling' where order_id = (select id from orders where number = ${order!.number})`);
    const names = await query<{ locale: string; name: string }>(t.app, sql`select locale, name from product_translations where product_id = ${first!.product_id}`);
    const nameIn = (locale: string) => names.find((n) => n.locale === locale)!.name;
    const read = async (language: string) => {
      const res = await t.app.inject({ url: `/api/v1/my-orders/${order!.number}`, headers: { 'accept-language': language, authorization: `Bearer ${tokens[CASE_MANAGER]}` } });
      expect(res.statusCode, res.body).toBe(200);
      return v.parse(OrderDetailSchema, res.json()).lines.find((l) => l.id === first!.id)!.description;
    };
    expect(await read('en')).toBe(nameIn('en'));
    expect(await read('fr')).toBe(nameIn('fr'));
    expect(nameIn('en')).not.toBe(nameIn('fr'));
    // A product gone from the catalogue keeps the line's own text.
    await query(t.app, sql`update order_lines set product_id = null where id = ${first!.id}`);
    expect(await read('en')).toBe('Nederlandse naam bij bestelling');
    await query(t.app, sql`update order_lines set product_id = ${first!.product_id} where id = ${first!.id}`);
  });

  it("answers 404 for another organisation's order, for unassigned staff and for an unknown number", async () => {
    const [police] = await ordersOf(t.app, POLICE_BUYER);
    for (const [email, number] of [
      [HOSPITAL_BUYER, police!.number],
      [CASE_MANAGER, police!.number],
      [UNASSIGNED_STAFF, police!.number],
      [HOSPITAL_BUYER, 'SO-0000-000000'],
    ] as const) {
      const res = await get(`/api/v1/my-orders/${number}`, email);
      expect(res.statusCode, `${email} ${number}`).toBe(404);
      expect(res.json().code).toBe(ORDER_HISTORY_ERRORS.NOT_FOUND);
    }
    expect((await get(`/api/v1/my-orders/${police!.number}`, POLICE_CASE_MANAGER)).statusCode).toBe(200);
  });
});

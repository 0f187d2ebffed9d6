// The message thread of an order: staff of an assigned organisation and the organisation's people
// write; the other side sees an unread count until they read, and gets a mail in their language.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, ORDER_HISTORY_ERRORS, OrderListSchema, OrderMessageSchema, OrderMessageThreadSchema } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { addStaff, CASE_MANAGER, ordersOf, UNASSIGNED_STAFF } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await addStaff(t.app, UNASSIGNED_STAFF, null);
  await query(t.app, sql`update users set locale = 'fr' where email = ${HOSPITAL_BUYER}`);
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, CASE_MANAGER, UNASSIGNED_STAFF]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const auth = (email: string) => ({ authorization: `Bearer ${tokens[email]}`, 'accept-language': 'en' });
const write = (id: string, email: string, body: string) => t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/messages`, headers: auth(email), payload: { body } });
const read = (id: string, email: string) => t.app.inject({ url: `/api/v1/orders/${id}/messages`, headers: auth(email) });
const unread = async (id: string, email: string) => {
  const list = v.parse(OrderListSchema, (await t.app.inject({ url: '/api/v1/orders?page_size=100', headers: auth(email) })).json());
  return list.items.find((o) => o.id === id)!.unread_messages;
};

describe('order messages', () => {
  it('a case manager writes, the buyer sees it unread, reads it, replies; each side gets a mail', async () => {
    const [order] = await query<{ id: string; number: string }>(
      t.app,
      sql`select o.id, o.number from orders o join users u on u.id = o.user_id where u.email = ${HOSPITAL_BUYER} order by o.number limit 1`,
    );
    const before = await unread(order!.id, HOSPITAL_BUYER);
    const res = await write(order!.id, CASE_MANAGER, 'Your order ships tomorrow.');
    expect(res.statusCode, res.body).toBe(201);
    expect(v.parse(OrderMessageSchema, res.json())).toMatchObject({ author_role: 'staff', mine: true, author_name: 'An Claes' });
    expect(await unread(order!.id, HOSPITAL_BUYER)).toBe(before + 1);
    const thread = v.parse(OrderMessageThreadSchema, (await read(order!.id, HOSPITAL_BUYER)).json());
    expect(thread.items.at(-1)).toMatchObject({ body: 'Your order ships tomorrow.', mine: false, author_role: 'staff' });
    expect(await unread(order!.id, HOSPITAL_BUYER)).toBe(0);
    // The buyer ordered it and reads French: the mail is French and links to the order.
    const [mail] = await query<{ recipient: string; locale: string; payload: { path: string; orderNumber: string } }>(t.app, sql`select recipient, locale, payload from outbox where template = 'orders.message' order by created_at desc limit 1`);
    expect(mail).toMatchObject({ recipient: HOSPITAL_BUYER, locale: 'fr', payload: { orderNumber: order!.number, path: `/fr/my-orders/${order!.number}` } });

    expect((await write(order!.id, HOSPITAL_BUYER, 'Merci !')).statusCode).toBe(201);
    expect(await unread(order!.id, CASE_MANAGER)).toBe(1);
    await read(order!.id, CASE_MANAGER);
    expect(await unread(order!.id, CASE_MANAGER)).toBe(0);
    const [reply] = await query<{ recipient: string }>(t.app, sql`select recipient from outbox where template = 'orders.message' order by created_at desc limit 1`);
    expect(reply!.recipient).toBe(CASE_MANAGER);
  });

  it("never reads or writes another organisation's thread, nor an unassigned staff member", async () => {
    const [police] = await ordersOf(t.app, POLICE_BUYER);
    const count = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from order_messages where order_id = ${police!.id}`))[0]!.n;
    const before = await count();
    for (const email of [HOSPITAL_BUYER, UNASSIGNED_STAFF]) {
      expect((await read(police!.id, email)).json().code).toBe(ORDER_HISTORY_ERRORS.NOT_FOUND);
      expect((await write(police!.id, email, 'hello')).statusCode).toBe(404);
    }
    expect(await count()).toBe(before);
  });

  it('refuses an empty or too long message, and a malformed id', async () => {
    const [order] = await ordersOf(t.app, HOSPITAL_BUYER);
    for (const body of ['   ', 'x'.repeat(4001)]) {
      const res = await write(order!.id, HOSPITAL_BUYER, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: API_ERRORS.VALIDATION_FAILED, errors: [{ path: 'body' }] });
    }
    expect((await read('not-a-uuid', HOSPITAL_BUYER)).statusCode).toBe(400);
  });
});

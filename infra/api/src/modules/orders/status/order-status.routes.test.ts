// Order moves by the transition table: each allowed move by its role (written to the history with
// who), each refused one with its code; delivery confirmation and problem reports by the buyer only.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, ORDER_HISTORY_ERRORS, ORDER_STATUSES, OrderDetailSchema, type OrderStatus } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { addStaff, CASE_MANAGER, ordersOf, POLICE_CASE_MANAGER, SALES_CONSULTANT } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await addStaff(t.app, POLICE_CASE_MANAGER, POLICE_BUYER, 'nl');
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, CASE_MANAGER, SALES_CONSULTANT, POLICE_CASE_MANAGER]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const post = (id: string, action: string, email: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/${action}`, headers: { authorization: `Bearer ${tokens[email]}`, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const move = (id: string, email: string, payload: object) => post(id, 'status', email, payload);
const one = async (status: OrderStatus, email = HOSPITAL_BUYER) => (await ordersOf(t.app, email, status))[0]!;
const setStatus = (id: string, status: string, extra = sql``) => query(t.app, sql`update orders set status = ${status} ${extra} where id = ${id}`);
const history = (id: string) => query<{ status: string; email: string | null }>(t.app, sql`select h.status, u.email from order_status_history h left join users u on u.id = h.changed_by_user_id where order_id = ${id} order by h.id`);

describe('staff moves', () => {
  it('moves ordered → processing → to_be_shipped → in_shipping → delivered, each in the history with who', async () => {
    const order = await one('ordered');
    const steps = [
      { status: 'processing', by: CASE_MANAGER },
      { status: 'to_be_shipped', by: SALES_CONSULTANT },
      { status: 'in_shipping', by: CASE_MANAGER, tracking_reference: 'TRACK-1', expected_delivery_on: '2030-01-02' },
      { status: 'delivered', by: CASE_MANAGER },
    ];
    for (const { by, ...body } of steps) {
      const res = await move(order.id, by, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(v.parse(OrderDetailSchema, res.json()).status).toBe(body.status);
    }
    const detail = v.parse(OrderDetailSchema, (await t.app.inject({ url: `/api/v1/my-orders/${order.number}`, headers: { authorization: `Bearer ${tokens[HOSPITAL_BUYER]}` } })).json());
    expect(detail).toMatchObject({ tracking_reference: 'TRACK-1', expected_delivery_on: '2030-01-02', can_confirm_delivery: true });
    expect((await history(order.id)).slice(-4)).toEqual([
      { status: 'processing', email: CASE_MANAGER },
      { status: 'to_be_shipped', email: SALES_CONSULTANT },
      { status: 'in_shipping', email: CASE_MANAGER },
      { status: 'delivered', email: CASE_MANAGER },
    ]);
  });

  it('refuses every move that is not in the table, and payment states', async () => {
    const allowed: Record<string, string> = { ordered: 'processing', processing: 'to_be_shipped', to_be_shipped: 'in_shipping', in_shipping: 'delivered' };
    const order = await one('processing');
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (allowed[from] === to) continue;
        await setStatus(order.id, from);
        const res = await move(order.id, CASE_MANAGER, { status: to, tracking_reference: 'T', expected_delivery_on: '2030-01-01' });
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        expect(res.json().code, `${from} → ${to}`).toBe(from.startsWith('payment_') || to.startsWith('payment_') ? ORDER_HISTORY_ERRORS.PAYMENT_STATE : ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED);
      }
    }
    const [{ n }] = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from order_status_history where order_id = ${order.id} and changed_at > now() - interval '1 minute'`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('needs a tracking reference and an expected date to ship', async () => {
    const order = await one('to_be_shipped');
    const res = await move(order.id, CASE_MANAGER, { status: 'in_shipping' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: API_ERRORS.VALIDATION_FAILED });
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('tracking_reference');
    const noDate = await move(order.id, CASE_MANAGER, { status: 'in_shipping', tracking_reference: 'T-2' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toMatchObject([{ path: 'expected_delivery_on' }]);
  });

  it('refuses an expected delivery day that does not exist with a field error, never a 500, and moves nothing (issue 27)', async () => {
    const order = await one('to_be_shipped');
    for (const day of ['2027-02-30', '2026-04-31', '2026-13-01']) {
      const res = await move(order.id, CASE_MANAGER, { status: 'in_shipping', tracking_reference: 'T-3', expected_delivery_on: day });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: API_ERRORS.VALIDATION_FAILED, errors: [{ path: 'expected_delivery_on', message: 'validation.invalid.date' }] });
    }
    const [row] = await query<{ status: string }>(t.app, sql`select status from orders where id = ${order.id}`);
    expect(row!.status).toBe('to_be_shipped');
  });

  it('refuses buyers (403), and staff or buyers of other organisations (404)', async () => {
    const order = await one('delivered');
    await setStatus(order.id, 'ordered');
    const buyer = await move(order.id, HOSPITAL_BUYER, { status: 'processing' });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().code).toBe(ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN);
    for (const email of [POLICE_BUYER, POLICE_CASE_MANAGER]) {
      const res = await move(order.id, email, { status: 'processing' });
      expect(res.statusCode, email).toBe(404);
      expect(res.json().code).toBe(ORDER_HISTORY_ERRORS.NOT_FOUND);
    }
    expect((await query<{ status: string }>(t.app, sql`select status from orders where id = ${order.id}`))[0]!.status).toBe('ordered');
  });
});

describe('delivery confirmation', () => {
  it('lets the buyer confirm once the expected date passed: delivered, who and when', async () => {
    const order = await one('in_shipping');
    await setStatus(order.id, 'in_shipping', sql`, expected_delivery_on = current_date + 3, delivery_confirmed_at = null`);
    const early = await post(order.id, 'confirm-delivery', HOSPITAL_BUYER);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE);
    await setStatus(order.id, 'in_shipping', sql`, expected_delivery_on = current_date - 1`);
    expect((await post(order.id, 'confirm-delivery', CASE_MANAGER)).statusCode).toBe(403);
    expect((await post(order.id, 'confirm-delivery', POLICE_BUYER)).statusCode).toBe(404);
    const ok = await post(order.id, 'confirm-delivery', HOSPITAL_BUYER);
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = v.parse(OrderDetailSchema, ok.json());
    expect(detail).toMatchObject({ status: 'delivered', delivery_confirmed_by: 'Lucas Janssens', can_confirm_delivery: false, awaiting_delivery_confirmation: false });
    expect(detail.history.at(-1)).toMatchObject({ status: 'delivered', by: 'Lucas Janssens' });
    expect((await post(order.id, 'confirm-delivery', HOSPITAL_BUYER)).statusCode).toBe(409);
  });

  it('confirms a delivered order without a second history row', async () => {
    const [order] = await query<{ id: string }>(t.app, sql`select o.id from orders o where o.status = 'delivered' and o.delivery_confirmed_at is null and o.organisation_id = (select organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER}) limit 1`);
    const before = (await history(order!.id)).length;
    const res = await post(order!.id, 'confirm-delivery', HOSPITAL_BUYER);
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(order!.id)).length).toBe(before);
  });

  it('refuses confirmation before shipping', async () => {
    const order = await one('processing');
    expect((await post(order.id, 'confirm-delivery', HOSPITAL_BUYER)).json().code).toBe(ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE);
  });
});

describe('problem report', () => {
  it("reaches the case manager: a message with the lines, and a mail in the manager's language", async () => {
    const order = await one('in_shipping', POLICE_BUYER);
    const [line] = await query<{ id: string; quantity: number; article_code: string }>(t.app, sql`select id, quantity, article_code from order_lines where order_id = ${order.id} limit 1`);
    const tooMany = await post(order.id, 'problems', POLICE_BUYER, { lines: [{ line_id: line!.id, kind: 'damaged', quantity: line!.quantity + 1 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: ORDER_HISTORY_ERRORS.UNKNOWN_LINE, errors: [{ path: 'lines.0.quantity' }] });
    const res = await post(order.id, 'problems', POLICE_BUYER, { lines: [{ line_id: line!.id, kind: 'damaged', quantity: 1 }], description: 'Box crushed' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await query<{ recipient: string; locale: string; template: string; payload: { lines: string } }>(t.app, sql`select recipient, locale, template, payload from outbox where template = 'orders.problem-reported'`);
    expect(mail).toMatchObject({ recipient: POLICE_CASE_MANAGER, locale: 'nl' });
    expect(mail!.payload.lines).toContain(line!.article_code);
    const thread = await t.app.inject({ url: `/api/v1/orders/${order.id}/messages`, headers: { authorization: `Bearer ${tokens[POLICE_CASE_MANAGER]}` } });
    expect(thread.json().items.at(-1)).toMatchObject({ kind: 'problem', body: 'Box crushed', author_role: 'customer' });
    expect((await post(order.id, 'problems', POLICE_CASE_MANAGER, { lines: [{ line_id: line!.id, kind: 'missing', quantity: 1 }] })).statusCode).toBe(403);
    const early = await one('processing', POLICE_BUYER);
    expect((await post(early.id, 'problems', POLICE_BUYER, { lines: [{ line_id: line!.id, kind: 'missing', quantity: 1 }] })).statusCode).toBe(409);
  });
});

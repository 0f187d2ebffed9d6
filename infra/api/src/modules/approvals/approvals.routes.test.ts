// Approvals (issue 33): the administrator's rules; an order that meets one is refused at placement
// and submitted for approval instead (stored as the buyer saw it, the cart emptied); an approver
// rejects or approves it, which places it through the orders' placement in the buyer's name; prices
// changed meanwhile are shown and decided again; the approvers are told a request waits, the buyer
// is told the decision, each in their own language; never another organisation's.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, ApprovalRequestSchema, ApprovalRuleSchema, CHECKOUT_ERRORS } from '@portal/shared/schemas';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../../test-support/placement';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ordersCounted, ordersCountedSince } from '../../test-support/orders-counter';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
let t: TestApp;
const tokens: Record<string, string> = {};
let product: { id: string; price_cents: number | null; stock_level: number };
let contract: string;
let checkout: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN, POLICE_BUYER]) tokens[email] = await accessToken(t.app, email);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  product = await contractProduct(t.app, contract, sql`cp.price_cents between 1000 and 100000 and p.active and p.stock_level > 50 and p.kind = 'product' and not p.price_on_request`);
  checkout = { ...(await defaultAddresses(t.app, tokens[HOSPITAL_BUYER]!)), shipping_method: 'standard', submitter: SUBMITTER, external_order_number: 'PO-APPROVE-1', remarks: 'For the emergency ward' };
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, email: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(tokens[email]!, extra), ...(payload ? { payload } : {}) });
const request = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return v.parse(ApprovalRequestSchema, res.json());
};
const cartCount = async () =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from cart_lines l join carts c on c.id = l.cart_id join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER}`))[0]!.n;
const ordersOfBuyer = async () =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = ${HOSPITAL_BUYER}`))[0]!.n;
const mails = (template: string) => query<{ recipient: string; locale: string; payload: Record<string, unknown> }>(t.app, sql`select recipient, locale, payload from outbox where template = ${template} order by id`);

/** The cart holds exactly these lines (emptied first: adding adds to what is there). */
async function setCart(email: string, lines: { product_id: string; quantity: number }[]) {
  await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${email})`);
  await fillCart(t.app, tokens[email]!, lines);
}

/** The buyer fills the cart with `quantity` of the product and submits it for approval. */
async function submitted(quantity: number) {
  await setCart(HOSPITAL_BUYER, [{ product_id: product.id, quantity }]);
  return request(await call('POST', '/approval-requests', HOSPITAL_BUYER, checkout), 201);
}

describe('approval rules', () => {
  it('are set by administrators only; a user of another organisation is refused; removal by id of the organisation only', async () => {
    const buyer = await call('POST', '/approval-rules', HOSPITAL_BUYER, { kind: 'order_total_above', amount_cents: 100 });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toMatchObject({ code: APPROVAL_ERRORS.ADMINS_ONLY });
    const [eva] = await query<{ id: string }>(t.app, sql`select id from users where email = ${POLICE_BUYER}`);
    const foreign = await call('POST', '/approval-rules', HOSPITAL_ADMIN, { kind: 'users', user_ids: [eva!.id] });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json()).toMatchObject({ code: APPROVAL_ERRORS.INVALID_RULE, errors: [{ path: 'user_ids.0' }] });
    const bad = await call('POST', '/approval-rules', HOSPITAL_ADMIN, { kind: 'order_total_above', amount_cents: -1 });
    expect(bad.statusCode).toBe(400);

    const options = (await call('GET', '/approval-rules/options', HOSPITAL_ADMIN)).json() as { users: { id: string; name: string }[]; categories: { id: number }[] };
    expect(options.users.map((u) => u.name)).toContain('Lucas Janssens');
    expect(options.users.map((u) => u.name)).not.toContain('Eva Bakker');
    const rule = v.parse(ApprovalRuleSchema, (await call('POST', '/approval-rules', HOSPITAL_ADMIN, { kind: 'categories', category_ids: [options.categories[0]!.id] })).json());
    const list = (await call('GET', '/approval-rules', HOSPITAL_ADMIN)).json() as { items: { id: string }[] };
    expect(list.items.map((r) => r.id)).toContain(rule.id);
    // The police unit's buyer cannot see or remove it.
    expect((await call('DELETE', `/approval-rules/${rule.id}`, POLICE_BUYER)).statusCode).toBe(404);
    expect((await call('DELETE', `/approval-rules/${rule.id}`, HOSPITAL_ADMIN)).statusCode).toBe(204);
    expect((await call('DELETE', `/approval-rules/${rule.id}`, HOSPITAL_ADMIN)).statusCode).toBe(404);
  });
});

describe('orders waiting for approval', () => {
  beforeAll(async () => {
    // Every order of the hospital above one unit of the product needs approval.
    const res = await call('POST', '/approval-rules', HOSPITAL_ADMIN, { kind: 'order_total_above', amount_cents: product.price_cents! });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an order at or below the amount is placed; above it the checkout says so and placement refuses with APPROVAL_REQUIRED, placing nothing', async () => {
    await setCart(HOSPITAL_BUYER, [{ product_id: product.id, quantity: 1 }]);
    expect((await call('POST', '/approval-requests/check', HOSPITAL_BUYER, {})).json()).toEqual({ required: false, reasons: [] });
    await setCart(HOSPITAL_BUYER, [{ product_id: product.id, quantity: 2 }]);
    expect((await call('POST', '/approval-requests/check', HOSPITAL_BUYER, {})).json()).toEqual({ required: true, reasons: [{ kind: 'order_total_above', amount_cents: product.price_cents }] });
    const before = await ordersOfBuyer();
    const refused = await call('POST', '/orders', HOSPITAL_BUYER, checkout, { 'idempotency-key': 'approval-needed-0001' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: APPROVAL_ERRORS.REQUIRED });
    expect(await ordersOfBuyer()).toBe(before);
    expect(await cartCount()).toBe(1);
  });

  it('is stored as the buyer saw it, empties the cart, and shows in the buyer\'s list and the approvers\' queue', async () => {
    const r = await submitted(3);
    expect(r).toMatchObject({
      status: 'pending',
      buyer: 'Lucas Janssens',
      lines: [{ product_id: product.id, quantity: 3, unit_excl_vat: product.price_cents }],
      external_order_number: 'PO-APPROVE-1',
      remarks: 'For the emergency ward',
      can_decide: false,
      history: [{ event: 'submitted', by: 'Lucas Janssens' }],
    });
    expect(r.totals.excl_vat).toBeGreaterThanOrEqual(3 * product.price_cents!);
    expect(await cartCount()).toBe(0);
    const mine = (await call('GET', '/approval-requests', HOSPITAL_BUYER)).json() as { items: { id: string }[] };
    expect(mine.items.map((i) => i.id)).toContain(r.id);
    const queue = (await call('GET', '/approval-requests?view=queue', HOSPITAL_ADMIN)).json() as { items: { id: string }[] };
    expect(queue.items.map((i) => i.id)).toContain(r.id);
    expect((await call('GET', '/approval-requests?view=queue', HOSPITAL_BUYER)).statusCode).toBe(403);
    expect(((await call('GET', '/approval-requests/pending-count', HOSPITAL_ADMIN)).json() as { count: number }).count).toBeGreaterThan(0);
    expect((await call('GET', `/approval-requests/${r.id}`, HOSPITAL_ADMIN)).json()).toMatchObject({ can_decide: true });
    // Another organisation's people do not find it.
    expect((await call('GET', `/approval-requests/${r.id}`, POLICE_BUYER)).statusCode).toBe(404);
    // A buyer does not decide (their own or anyone's).
    expect((await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_BUYER, { decision: 'approve' })).statusCode).toBe(403);
    // Submitting with no rule met is refused: the order is placed instead.
    await setCart(HOSPITAL_BUYER, [{ product_id: product.id, quantity: 1 }]);
    const notNeeded = await call('POST', '/approval-requests', HOSPITAL_BUYER, checkout);
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json()).toMatchObject({ code: APPROVAL_ERRORS.NOT_REQUIRED });
    expect(await cartCount()).toBe(1);
  });

  it("tells every approver of the buyer's organisation, each in their own language, and nobody else", async () => {
    const INES = 'ines.dewitte@zorggroep-scheldeland.example';
    const TOM = 'tom.visser@interventie-polder.example';
    // Ines approves for the hospital (and reads French); Tom approves for the police unit only.
    const setRole = (email: string, role: string, organisationOf: string) =>
      query(t.app, sql`update memberships set role = ${role} where user_id = (select id from users where email = ${email}) and organisation_id = (select m.organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${organisationOf})`);
    const [saved] = await query<{ locale: string }>(t.app, sql`select locale from users where email = ${INES}`);
    await setRole(INES, 'approver', HOSPITAL_BUYER);
    await setRole(TOM, 'approver', POLICE_BUYER);
    await query(t.app, sql`update users set locale = 'fr' where email = ${INES}`);
    await query(t.app, sql`update users set locale = 'nl' where email = ${HOSPITAL_ADMIN}`);
    try {
      const r = await submitted(3);
      const told = (await mails('approval.submitted')).filter((m) => String(m.payload.path).endsWith(`/my-orders/approvals/${r.id}`));
      expect(told.map((m) => [m.recipient, m.locale, m.payload.path]).sort()).toEqual([
        [INES, 'fr', `/fr/my-orders/approvals/${r.id}`],
        [HOSPITAL_ADMIN, 'nl', `/nl/my-orders/approvals/${r.id}`],
      ]);
      for (const m of told) expect(m.payload).toMatchObject({ buyerName: 'Lucas Janssens', totalCents: r.totals.incl_vat });
      expect(told.find((m) => m.recipient === INES)!.payload.firstName).toBe('Ines');
    } finally {
      await setRole(INES, 'buyer', HOSPITAL_BUYER);
      await setRole(TOM, 'buyer', POLICE_BUYER);
      await query(t.app, sql`update users set locale = ${saved!.locale} where email = ${INES}`);
    }
  });

  it('rejected with a comment: nothing placed, the buyer is mailed in their language, every step in the history', async () => {
    const r = await submitted(2);
    const before = await ordersOfBuyer();
    const decided = request(await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'reject', comment: 'Order next month' }));
    expect(decided).toMatchObject({ status: 'rejected', comment: 'Order next month', decided_by: 'Sophie Peeters', order_id: null, can_decide: false });
    expect(decided.history.map((h) => h.event)).toEqual(['submitted', 'rejected']);
    expect(await ordersOfBuyer()).toBe(before);
    const [mail] = (await mails('approval.rejected')).slice(-1);
    expect(mail).toMatchObject({ recipient: HOSPITAL_BUYER, payload: { comment: 'Order next month', path: expect.stringContaining(`/my-orders/approvals/${r.id}`) } });
    const again = await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: APPROVAL_ERRORS.DECIDED });
  });

  it("approved: placed once through the orders' placement in the buyer's name, stock taken, the approver in the order's history, the buyer mailed", async () => {
    const r = await submitted(2);
    const [stockBefore] = await query<{ stock_level: number }>(t.app, sql`select stock_level from products where id = ${product.id}`);
    const counted = await ordersCounted();
    // Two approvals at once place one order.
    const [a, b] = await Promise.all([
      call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve', comment: 'OK' }),
      call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve', comment: 'OK' }),
    ]);
    // The second finds it decided (409), or is answered with the same order (the placement's idempotency).
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toContain(200);
    for (const res of [a, b]) expect([200, 409], res.body).toContain(res.statusCode);
    const [placedOnce] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders where external_reference = 'PO-APPROVE-1' and id in (select order_id from approval_requests where id = ${r.id})`);
    expect(placedOnce!.n).toBe(1);
    // Counted once, as an approval's (decision 084): the second decision placed nothing or was a replay.
    expect(await ordersCountedSince(counted)).toEqual({ approval: 1 });
    const decided = request(await call('GET', `/approval-requests/${r.id}`, HOSPITAL_BUYER));
    expect(decided).toMatchObject({ status: 'approved', decided_by: 'Sophie Peeters', comment: 'OK' });
    expect(decided.history.map((h) => h.event)).toEqual(['submitted', 'approved', 'placed']);
    const orders = await query<{ id: string; number: string; user_email: string; external_reference: string; total_cents: number }>(
      t.app,
      sql`select o.id, o.number, u.email as user_email, o.external_reference, o.total_cents from orders o join users u on u.id = o.user_id where o.id = ${decided.order_id}`,
    );
    expect(orders).toEqual([{ id: decided.order_id, number: decided.order_number, user_email: HOSPITAL_BUYER, external_reference: 'PO-APPROVE-1', total_cents: decided.totals.incl_vat }]);
    const [stockAfter] = await query<{ stock_level: number }>(t.app, sql`select stock_level from products where id = ${product.id}`);
    expect(stockAfter!.stock_level).toBe(stockBefore!.stock_level - 2);
    const history = await query<{ note: string | null; by_email: string }>(
      t.app,
      sql`select h.note, u.email as by_email from order_status_history h join users u on u.id = h.changed_by_user_id where h.order_id = ${decided.order_id} order by h.id`,
    );
    // One row, as any placement writes (one `order.placed` event for the integrations): the approver's.
    expect(history).toEqual([{ note: 'approved', by_email: HOSPITAL_ADMIN }]);
    const [mail] = (await mails('approval.approved')).slice(-1);
    expect(mail).toMatchObject({ recipient: HOSPITAL_BUYER, payload: { orderNumber: decided.order_number } });
  });

  it('a price changed since submission is shown to the approver, who approves the changed order', async () => {
    const r = await submitted(2);
    await query(t.app, sql`update contract_prices set price_cents = price_cents + 100 where contract_id = ${contract} and product_id = ${product.id}`);
    try {
      const changed = await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve' });
      expect(changed.statusCode, changed.body).toBe(409);
      expect(changed.json()).toMatchObject({ code: APPROVAL_ERRORS.CHANGED, changes: [{ product_id: product.id, kind: 'price', before: product.price_cents, after: product.price_cents! + 100 }] });
      const shown = request(await call('GET', `/approval-requests/${r.id}`, HOSPITAL_ADMIN));
      expect(shown).toMatchObject({ status: 'pending', changes: [{ kind: 'price' }] });
      expect(shown.history.map((h) => h.event)).toEqual(['submitted', 'changed']);
      const approved = request(await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve', accept_changes: true }));
      expect(approved.status).toBe('approved');
      const [line] = await query<{ unit_price_cents: number }>(t.app, sql`select unit_price_cents from order_lines where order_id = ${approved.order_id}`);
      expect(line!.unit_price_cents).toBe(product.price_cents! + 100);
    } finally {
      await query(t.app, sql`update contract_prices set price_cents = ${product.price_cents} where contract_id = ${contract} and product_id = ${product.id}`);
    }
  });

  it('stock short at approval is shown as a change and nothing is placed', async () => {
    const r = await submitted(2);
    const [saved] = await query<{ stock_level: number; backorder_allowed: boolean }>(t.app, sql`select stock_level, backorder_allowed from products where id = ${product.id}`);
    await query(t.app, sql`update products set stock_level = 1, backorder_allowed = false where id = ${product.id}`);
    try {
      const before = await ordersOfBuyer();
      const res = await call('POST', `/approval-requests/${r.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve', accept_changes: true });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: APPROVAL_ERRORS.CHANGED, changes: [{ kind: 'stock', before: 2, after: 1 }] });
      expect(await ordersOfBuyer()).toBe(before);
      expect(request(await call('GET', `/approval-requests/${r.id}`, HOSPITAL_ADMIN)).status).toBe('pending');
    } finally {
      await query(t.app, sql`update products set stock_level = ${saved!.stock_level}, backorder_allowed = ${saved!.backorder_allowed} where id = ${product.id}`);
    }
  });

  it('an approver does not decide their own order', async () => {
    const [admin] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_ADMIN}`);
    expect((await call('POST', '/approval-rules', HOSPITAL_ADMIN, { kind: 'users', user_ids: [admin!.id] })).statusCode).toBe(201);
    await setCart(HOSPITAL_ADMIN, [{ product_id: product.id, quantity: 1 }]);
    const own = request(await call('POST', '/approval-requests', HOSPITAL_ADMIN, checkout), 201);
    expect(own.can_decide).toBe(false);
    // Nor is she told her own request waits; she is the hospital's only approver, so nobody is mailed.
    expect((await mails('approval.submitted')).filter((m) => String(m.payload.path).endsWith(own.id))).toEqual([]);
    const res = await call('POST', `/approval-requests/${own.id}/decision`, HOSPITAL_ADMIN, { decision: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: APPROVAL_ERRORS.OWN_REQUEST });
  });

  it('an empty cart is refused, not submitted', async () => {
    await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
    const res = await call('POST', '/approval-requests', HOSPITAL_BUYER, checkout);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: CHECKOUT_ERRORS.CART_EMPTY });
  });
});

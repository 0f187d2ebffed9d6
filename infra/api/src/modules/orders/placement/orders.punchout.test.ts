// Punchout mode's gate on ordering in the portal (decision 052, amended): while a sign-in is an open
// punchout session its cart goes back to the procurement system, so the checkout's placement (the
// cart's or an accepted quotation's) and the submission for approval are refused with 409
// PUNCHOUT_ORDER_IN_PROCUREMENT. Only that sign-in is refused: the same buyer's other sign-in and
// other buyers order as before, the session once transferred orders again, and the procurement
// system's own order (given lines) is placed. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUNCHOUT_ERRORS } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import type { OrderPlacementPort } from '../contract';
import { hashProcurementSecret } from '../../../test-support/procurement';
import { procurementIdentities, punchoutSessions } from '../../../db/schema';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../../test-support/orders';
import type { TestApp } from '../../../test-support/test-app';
import { customerCaller, defaultAddresses, fillCart, headers, startPlacementApp, SUBMITTER } from './orders.test-support';

let t: TestApp;
let placement: OrderPlacementPort;
let hospital: CustomerCaller;
let identityId: string;
let contract: string;
let addresses: { billing_address_id: string; delivery_address_id: string };

beforeAll(async () => {
  ({ t, placement } = await startPlacementApp());
  hospital = await customerCaller(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  addresses = await defaultAddresses(t.app, await accessToken(t.app, HOSPITAL_BUYER));
  const [identity] = await t.app.database.db
    .insert(procurementIdentities)
    .values({
      organisationId: hospital.organisationId!,
      protocol: 'cxml',
      domain: 'NetworkID',
      identity: 'AN-GATE-TEST',
      secretHash: await hashProcurementSecret('gate-test-secret'),
      userId: hospital.userId,
      returnOrigins: ['https://procurement.example'],
    })
    .returning({ id: procurementIdentities.id });
  identityId = identity!.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A started punchout session bound to the token's sign-in (what the start URL leaves behind). */
async function punchOut(token: string, user = hospital): Promise<string> {
  const sid = decodeJwt(token).sid as string;
  const [row] = await t.app.database.db
    .insert(punchoutSessions)
    .values({
      identityId,
      organisationId: user.organisationId!,
      userId: user.userId,
      protocol: 'cxml',
      operation: 'create',
      returnUrl: 'https://procurement.example/return',
      startTokenHash: randomUUID(),
      startExpiresAt: new Date(Date.now() + 300_000),
      startedAt: new Date(),
      sessionId: sid,
    })
    .returning({ id: punchoutSessions.id });
  return row!.id;
}

/** The buyer's cart holds this line only (the demo's seeded cart lines are not this test's). */
async function cartOf(token: string, productId: string) {
  await query(t.app, sql`delete from cart_lines where cart_id in (select id from carts where user_id = ${hospital.userId})`);
  await fillCart(t.app, token, [{ product_id: productId, quantity: 1 }]);
}

const used = new Set<string>();
async function product() {
  const row = await contractProduct(
    t.app,
    contract,
    sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...used, randomUUID()]}`,
  );
  used.add(row.id);
  await query(t.app, sql`update products set stock_level = 50, low_stock_threshold = 0 where id = ${row.id}`);
  return row.id;
}

const checkout = { shipping_method: 'standard', submitter: SUBMITTER };
const place = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: headers(token, { 'idempotency-key': `gate-${randomUUID()}` }), payload: { ...checkout, ...addresses } });
const submitForApproval = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/approval-requests', headers: headers(token), payload: { ...checkout, ...addresses } });
const orderCount = async () => Number((await query<{ n: string }>(t.app, sql`select count(*) as n from orders`))[0]!.n);

describe('ordering during a punchout', () => {
  it("refuses the punchout sign-in's placement and submission for approval with 409, leaving the cart; the transfer ends the refusal", async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const session = await punchOut(token);
    await cartOf(token, await product());
    const before = await orderCount();

    const refused = await place(token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT);
    const approval = await submitForApproval(token);
    expect(approval.statusCode, approval.body).toBe(409);
    expect(approval.json().code).toBe(PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT);
    expect(await orderCount()).toBe(before);
    const cart = await t.app.inject({ url: '/api/v1/cart', headers: headers(token) });
    expect(cart.json().lines).toHaveLength(1);

    // Transferred (the transfer page consumed): the session is closed and the sign-in is an ordinary one again.
    await t.app.database.db.update(punchoutSessions).set({ transferredAt: new Date() }).where(sql`${punchoutSessions.id} = ${session}`);
    const placed = await place(token);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it("does not refuse the same buyer's other sign-in, nor another user's session of the same sign-in id", async () => {
    const punchoutToken = await accessToken(t.app, HOSPITAL_BUYER);
    await punchOut(punchoutToken);
    // Another sign-in of the same buyer (a browser of their own, not the procurement system's).
    const own = await accessToken(t.app, HOSPITAL_BUYER);
    await cartOf(own, await product());
    const placed = await place(own);
    expect(placed.statusCode, placed.body).toBe(201);

    // A session row naming this sign-in but another user (or organisation) is not this caller's.
    const other = await accessToken(t.app, HOSPITAL_BUYER);
    const stranger = { ...hospital, userId: (await query<{ id: string }>(t.app, sql`select id from users where email = ${POLICE_BUYER}`))[0]!.id };
    await punchOut(other, stranger);
    await cartOf(other, await product());
    const notBlocked = await place(other);
    expect(notBlocked.statusCode, notBlocked.body).toBe(201);
  });

  it("places the procurement system's own order (given lines) while the buyer's punchout session is open", async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    await punchOut(token);
    const id = await product();
    const { order } = await placement.placeLines(
      hospital,
      { ...addresses, shipping_method: 'standard', submitter: { ...SUBMITTER, declaration: true }, external_order_number: 'PO-GATE', lines: [{ product_id: id, quantity: 2 }] },
      { namespace: 'cxml', key: `PO-${randomUUID()}` },
      'en',
      { channel: 'cxml' },
    );
    expect(order.status).toBe('ordered');
    // And the punchout sign-in itself is still refused.
    await cartOf(token, await product());
    expect((await place(token)).json().code).toBe(PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT);
  });

  it('refuses ordering an accepted quotation from the punchout sign-in the same way, the quotation left unordered', async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const manager = await accessToken(t.app, CASE_MANAGER);
    const id = await product();
    const q = (url: string, bearer: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/quotations${url}`, headers: { authorization: `Bearer ${bearer}`, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
    const created = await q('', token, { title: 'Quoted', lines: [{ product_id: id, quantity: 1 }] });
    expect(created.statusCode, created.body).toBe(201);
    const quotation = (created.json() as { id: string }).id;
    expect((await q(`/${quotation}/send`, token)).statusCode).toBe(200);
    expect((await q(`/${quotation}/answer`, manager, { valid_until: '2099-01-01', lines: [{ product_id: id, unit_price_excl_vat: 1_000 }] })).statusCode).toBe(200);
    expect((await q(`/${quotation}/accept`, token)).statusCode).toBe(200);

    await punchOut(token);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: headers(token, { 'idempotency-key': `gate-${randomUUID()}` }),
      payload: { ...checkout, ...addresses, quotation_id: quotation },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT);
    expect((await query<{ order_id: string | null }>(t.app, sql`select order_id from quotations where id = ${quotation}`))[0]!.order_id).toBeNull();
  });
});

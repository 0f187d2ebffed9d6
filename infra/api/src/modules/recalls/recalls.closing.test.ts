// Closing and correcting recalls, and web-shop customers as receivers (issue 42, decision 080). A
// closed recall shows no banner, refuses answers and corrections (RECALL_CLOSED), no longer refuses
// shipments, and the follow-up and the export say who closed it and when. A correction widens (lots
// added: the organisations newly reached are told and mailed, those told before get the units and no
// second mail) and never narrows (RECALL_NARROWING_REFUSED). A web-shop order that received recalled
// units makes its customer a receiver: mailed in their language, their own notice and answer, which
// nobody else reads or answers. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, INTEGRATION_ERRORS, MyRecallListSchema, MyRecallSchema, RECALL_ERRORS, RecallListSchema, RecallSchema } from '@portal/shared/schemas';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { CASE_MANAGER } from '../../test-support/orders';
import { freshGtin, openRecall, RECALL_TEXT } from '../../test-support/recalls';
import { orderToShip, report, type OrderToShip } from '../../test-support/shipments';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';
const NOTE = { en: 'All units returned', nl: 'Alle eenheden teruggestuurd', fr: 'Toutes les unités renvoyées' };

let t: TestApp;
let warehouse: TestIntegrationClient;
let erp: TestIntegrationClient;
let erpWithoutScope: TestIntegrationClient;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Closing warehouse');
  erp = await integrationClient(t.app, ['recalls:write'], 'Closing ERP');
  erpWithoutScope = await integrationClient(t.app, ['orders:read'], 'ERP without recalls');
  for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN, POLICE_BUYER, POLICE_ADMIN, CASE_MANAGER, WEBSHOP_CUSTOMER]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const as = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
const get = (url: string, email: string) => t.app.inject({ url, headers: as(email) });
const open = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls', headers: erp.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return v.parse(RecallSchema, res.json());
};
const correct = (id: string, payload: object, email = CASE_MANAGER) => t.app.inject({ method: 'PATCH', url: `/api/v1/staff/recalls/${id}`, headers: as(email), payload });
const close = (id: string, email = CASE_MANAGER) => t.app.inject({ method: 'POST', url: `/api/v1/staff/recalls/${id}/close`, headers: as(email), payload: { note: NOTE } });
const answer = (id: string, email: string, payload = { units_on_hand: 2, units_used: 1, units_to_return: 2 }) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${id}/answer`, headers: as(email), payload });
const openIds = async (email: string) => v.parse(MyRecallListSchema, (await get('/api/v1/recalls?open=true', email)).json()).items.map((r) => r.id);

/** Ships `order`'s lines with `gtin` and one lot each (`lots[i]` for line i, else the first). */
async function shipWith(order: OrderToShip, id: string, gtin: string, lots: string[]) {
  const r = report(order, id);
  return t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: { ...r, lines: r.lines.map((l, i) => ({ ...l, gtin, lot: lots[i] ?? lots[0] })) } });
}

/** Mails of the recall, by recipient. */
const mailsOf = (recallId: string) =>
  query<{ recipient: string; locale: string; reason: string; units: string }>(
    t.app,
    sql`select recipient, locale, payload->>'reason' as reason, payload->>'units' as units from outbox where template = 'recalls.opened' and payload->>'path' like ${`%/${recallId}`} order by recipient`,
  );

const orgName = async (order: OrderToShip) => (await query<{ name: string }>(t.app, sql`select g.name from organisations g join orders o on o.organisation_id = g.id where o.id = ${order.id}`))[0]!.name;

describe('closing a recall', () => {
  it('takes the banner away, lets the units ship, refuses answers and changes, and shows who closed it when', async () => {
    const { gtin13 } = freshGtin();
    const hospital = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    expect((await shipWith(hospital, `C1-${gtin13}`, gtin13, ['LOT-C'])).statusCode).toBe(201);
    const recall = await open(openRecall(gtin13, { lots: ['LOT-C'] }));
    expect(await openIds(HOSPITAL_BUYER)).toContain(recall.id);
    const blocked = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    expect((await shipWith(blocked, `C1-B-${gtin13}`, gtin13, ['LOT-C'])).json().code).toBe(RECALL_ERRORS.LOT_RECALLED);

    // Only the staff close it: a buyer is refused and nothing changes.
    expect((await close(recall.id, HOSPITAL_ADMIN)).json().code).toBe(API_ERRORS.STAFF_ONLY);
    const res = await close(recall.id);
    expect(res.statusCode, res.body).toBe(200);
    const closed = v.parse(RecallSchema, res.json());
    expect(closed).toMatchObject({ closed_by: 'An Claes', closing_note: NOTE, units_received: 8 });
    expect(Date.parse(closed.closed_at!)).toBeGreaterThan(Date.parse(recall.opened_at) - 1);

    // No banner; the notice is still readable, closed; answers, corrections and a second closing are refused.
    expect(await openIds(HOSPITAL_BUYER)).not.toContain(recall.id);
    expect(v.parse(MyRecallSchema, (await get(`/api/v1/recalls/${recall.id}`, HOSPITAL_BUYER)).json()).closed_at).toBe(closed.closed_at);
    for (const refused of [await answer(recall.id, HOSPITAL_BUYER), await correct(recall.id, { lots: ['LOT-C', 'LOT-D'] }), await close(recall.id)]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe(RECALL_ERRORS.CLOSED);
    }
    // The lot ships again.
    expect((await shipWith(blocked, `C1-B-${gtin13}`, gtin13, ['LOT-C'])).statusCode).toBe(201);
    expect(v.parse(RecallSchema, (await get(`/api/v1/staff/recalls/${recall.id}`, CASE_MANAGER)).json()).units_received).toBe(8);

    // The list, the export and the event say it closed, who and when.
    const listed = v.parse(RecallListSchema, (await get('/api/v1/staff/recalls', CASE_MANAGER)).json()).items.find((r) => r.id === recall.id)!;
    expect(listed).toMatchObject({ closed_at: closed.closed_at, closed_by: 'An Claes' });
    const [head, row] = (await get(`/api/v1/staff/recalls/${recall.id}/export.csv`, CASE_MANAGER)).body.trim().split('\r\n').map((l) => l.split(','));
    expect(row![head!.indexOf('status')]).toBe('closed');
    expect(row![head!.indexOf('closed_by')]).toBe('An Claes');
    expect(row![head!.indexOf('closed_at')]).toBe(closed.closed_at);
    const events = await query<{ type: string }>(t.app, sql`select type from integration_events where aggregate_type = 'recall' and aggregate_id = ${recall.id} order by sequence`);
    expect(events.map((e) => e.type)).toEqual(['recall.opened', 'recall.closed']);
  });

  it('is closed by the ERP with recalls:write only, and 404 for a recall that does not exist', async () => {
    const recall = await open(openRecall(freshGtin().gtin13, { lots: ['LOT-E'] }));
    const url = `/api/integration/v1/recalls/${recall.id}/close`;
    const unscoped = await t.app.inject({ method: 'POST', url, headers: erpWithoutScope.headers, payload: { note: NOTE } });
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect((await t.app.inject({ method: 'POST', url, headers: as(CASE_MANAGER), payload: { note: NOTE } })).statusCode).toBe(403);
    expect(v.parse(RecallSchema, (await get(`/api/v1/staff/recalls/${recall.id}`, CASE_MANAGER)).json()).closed_at).toBeNull();
    const bad = await t.app.inject({ method: 'POST', url, headers: erp.headers, payload: { note: { en: 'only English' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('note.nl');
    const res = await t.app.inject({ method: 'POST', url, headers: erp.headers, payload: { note: NOTE } });
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(RecallSchema, res.json()).closed_by).toBe('Closing ERP');
    const missing = await t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls/3c9d2e1f-7a6b-4c5d-8e9f-0a1b2c3d4e5f/close', headers: erp.headers, payload: { note: NOTE } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(RECALL_ERRORS.NOT_FOUND);
  });
});

describe('correcting a recall', () => {
  it('widens it: the organisations newly reached are told and mailed, those told before get the units; narrowing is refused', async () => {
    const { gtin13 } = freshGtin();
    const hospital = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const police = await orderToShip(t.app, 'processing', 2, POLICE_BUYER);
    // Hospital: one line of LOT-A, one of LOT-B (4 + 4); police: LOT-B only.
    expect((await shipWith(hospital, `K1-H-${gtin13}`, gtin13, ['LOT-A', 'LOT-B'])).statusCode).toBe(201);
    expect((await shipWith(police, `K1-P-${gtin13}`, gtin13, ['LOT-B', 'LOT-B'])).statusCode).toBe(201);
    const recall = await open({ ...openRecall(gtin13, { lots: ['LOT-A'] }), expiry_from: '2028-01-01', expiry_to: '2028-01-31' });
    expect(recall.units_received).toBe(4);
    const mailsBefore = await mailsOf(recall.id);
    expect(mailsBefore.map((m) => m.recipient)).toEqual([HOSPITAL_ADMIN, HOSPITAL_BUYER].sort());

    // Narrowing, in any field, is refused and changes nothing.
    for (const [body, field] of [
      [{ lots: ['LOT-B'] }, 'lots'],
      [{ expiry_from: '2028-01-02' }, 'expiry_from'],
      [{ expiry_to: '2028-01-30' }, 'expiry_to'],
    ] as const) {
      const res = await correct(recall.id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe(RECALL_ERRORS.NARROWING_REFUSED);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect((await correct(recall.id, {})).statusCode).toBe(400);
    expect((await correct(recall.id, { lots: ['LOT-A', 'LOT-B'] }, HOSPITAL_ADMIN)).json().code).toBe(API_ERRORS.STAFF_ONLY);

    const reason = { ...RECALL_TEXT.reason, en: 'Sterile barrier compromised on two lots' };
    const res = await correct(recall.id, { lots: ['LOT-A', 'LOT-B'], expiry_to: '2028-02-28', reason });
    expect(res.statusCode, res.body).toBe(200);
    const corrected = v.parse(RecallSchema, res.json());
    expect(corrected).toMatchObject({ lots: ['LOT-A', 'LOT-B'], expiry_from: '2028-01-01', expiry_to: '2028-02-28', reason, corrected_by: 'An Claes', units_received: 16 });
    const byOrg = new Map(corrected.receivers.map((r) => [r.organisation_name, r]));
    expect(byOrg.get(await orgName(hospital))!.units_received).toBe(8);
    expect(byOrg.get(await orgName(police))!.units_received).toBe(8);
    expect(byOrg.get(await orgName(police))!.told).toEqual(expect.arrayContaining([POLICE_ADMIN, POLICE_BUYER]));

    // Only the police were mailed now; the hospital's people once, at the opening.
    const mails = await mailsOf(recall.id);
    expect(mails.map((m) => m.recipient)).toEqual(expect.arrayContaining([POLICE_ADMIN, POLICE_BUYER]));
    expect(mails.filter((m) => [HOSPITAL_ADMIN, HOSPITAL_BUYER].includes(m.recipient))).toHaveLength(2);
    expect(mails.find((m) => m.recipient === POLICE_BUYER)!.units).toBe('8');
    const [event] = await query<{ type: string; payload: string }>(
      t.app,
      sql`select type, payload::text as payload from integration_events where aggregate_type = 'recall' and aggregate_id = ${recall.id} and type = 'recall.corrected'`,
    );
    const [policeOrg] = await query<{ id: string }>(t.app, sql`select organisation_id as id from orders where id = ${police.id}`);
    expect((JSON.parse(event!.payload) as { added_organisation_ids: string[] }).added_organisation_ids).toEqual([policeOrg!.id]);

    // LOT-B no longer ships; the same correction again adds nothing and mails nobody.
    const more = await orderToShip(t.app, 'processing', 2, POLICE_BUYER);
    expect((await shipWith(more, `K1-X-${gtin13}`, gtin13, ['LOT-B'])).json().code).toBe(RECALL_ERRORS.LOT_RECALLED);
    const again = v.parse(RecallSchema, (await correct(recall.id, { lots: ['LOT-B', 'LOT-A'] })).json());
    expect(again.units_received).toBe(16);
    expect(await mailsOf(recall.id)).toHaveLength(mails.length);
  });

  it('counts more units on a line first reached by one serial number when its lot is added', async () => {
    const { gtin13 } = freshGtin();
    const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const r = report(order, `K2-${gtin13}`);
    const lines = r.lines.map((l, i) => ({ ...l, gtin: gtin13, lot: `LOT-S${i}`, serial_numbers: [`S${i}-1`, `S${i}-2`, `S${i}-3`, `S${i}-4`] }));
    expect((await t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: { ...r, lines } })).statusCode).toBe(201);
    const recall = await open(openRecall(gtin13, { serial_numbers: ['S0-2'] }));
    expect(recall.units_received).toBe(1);
    const corrected = v.parse(RecallSchema, (await correct(recall.id, { lots: ['LOT-S0'] })).json());
    expect(corrected.units_received).toBe(4);
    expect(corrected.receivers).toHaveLength(1);
    expect(corrected.receivers[0]!.deliveries.map((d) => d.units)).toEqual([4]);
    expect((await mailsOf(recall.id)).map((m) => m.recipient)).toEqual([HOSPITAL_ADMIN, HOSPITAL_BUYER].sort());
  });
});

describe('web-shop customers', () => {
  it('are found by the correction, mailed in their language, shown the banner and answer for themselves; nobody else reads or answers', async () => {
    const { gtin13 } = freshGtin();
    const [customer] = await query<{ id: string; locale: string }>(t.app, sql`select id, locale from users where email = ${WEBSHOP_CUSTOMER}`);
    // A web-shop order: placed with a personal account, no organisation.
    const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    await query(t.app, sql`update orders set organisation_id = null, user_id = ${customer!.id} where id = ${order.id}`);
    expect((await shipWith(order, `W1-${gtin13}`, gtin13, ['LOT-W'])).statusCode).toBe(201);
    const recall = await open(openRecall(gtin13, { lots: ['LOT-NONE'] }));
    expect(recall.units_received).toBe(0);

    const widened = v.parse(RecallSchema, (await correct(recall.id, { lots: ['LOT-NONE', 'LOT-W'] })).json());
    expect(widened).toMatchObject({ units_received: 8, units_outstanding: 8, organisations_told: 0, customers_told: 1, customers_answered: 0 });
    expect(widened.receivers).toEqual([expect.objectContaining({ organisation_id: null, customer_name: 'Noor Maes', told: [WEBSHOP_CUSTOMER], units_received: 8 })]);
    const [mail] = await mailsOf(recall.id);
    expect(mail).toMatchObject({ recipient: WEBSHOP_CUSTOMER, locale: customer!.locale === 'nl' || customer!.locale === 'fr' ? customer!.locale : 'en', units: '8' });
    expect(mail!.reason).toBe(RECALL_TEXT.reason[mail!.locale as 'en' | 'nl' | 'fr']);

    // Their banner and notice; nobody else's.
    expect(await openIds(WEBSHOP_CUSTOMER)).toContain(recall.id);
    const mine = v.parse(MyRecallSchema, (await get(`/api/v1/recalls/${recall.id}`, WEBSHOP_CUSTOMER)).json());
    expect(mine.deliveries.map((d) => [d.order_number, d.lot, d.units])).toEqual([[order.number, 'LOT-W', 4], [order.number, 'LOT-W', 4]]);
    for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN, POLICE_BUYER]) {
      const other = await get(`/api/v1/recalls/${recall.id}`, email);
      expect(other.statusCode, email).toBe(404);
      expect(other.body).not.toContain('LOT-W');
      expect((await answer(recall.id, email)).statusCode).toBe(404);
      expect(await openIds(email)).not.toContain(recall.id);
    }
    expect((await answer(recall.id, WEBSHOP_CUSTOMER, { units_on_hand: 8, units_used: 1, units_to_return: 8 })).json().code).toBe(RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED);
    const answered = await answer(recall.id, WEBSHOP_CUSTOMER, { units_on_hand: 6, units_used: 2, units_to_return: 6 });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await openIds(WEBSHOP_CUSTOMER)).not.toContain(recall.id);
    const followed = v.parse(RecallSchema, (await get(`/api/v1/staff/recalls/${recall.id}`, CASE_MANAGER)).json());
    expect(followed).toMatchObject({ customers_answered: 1, units_outstanding: 6 });
    expect(followed.receivers[0]).toMatchObject({ answered_by: 'Noor Maes', units_on_hand: 6, units_used: 2 });
    const csv = (await get(`/api/v1/staff/recalls/${recall.id}/export.csv`, CASE_MANAGER)).body;
    expect(csv).toContain('Noor Maes');

    // A web-shop customer does not see an organisation's recall.
    const hospital = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const { gtin13: other } = freshGtin();
    expect((await shipWith(hospital, `W2-${other}`, other, ['LOT-H'])).statusCode).toBe(201);
    const orgRecall = await open(openRecall(other, { lots: ['LOT-H'] }));
    expect((await get(`/api/v1/recalls/${orgRecall.id}`, WEBSHOP_CUSTOMER)).statusCode).toBe(404);
    expect(await openIds(WEBSHOP_CUSTOMER)).not.toContain(orgRecall.id);
  });

  it('a person reached through their organisation and their own web-shop order answers for each (decision 086)', async () => {
    const { gtin13 } = freshGtin();
    const [buyer] = await query<{ id: string }>(t.app, sql`select id from users where email = ${HOSPITAL_BUYER}`);
    const forOrganisation = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const ownOrder = await orderToShip(t.app, 'processing', 1, HOSPITAL_BUYER);
    await query(t.app, sql`update orders set organisation_id = null, user_id = ${buyer!.id} where id = ${ownOrder.id}`);
    expect((await shipWith(forOrganisation, `B1-${gtin13}`, gtin13, ['LOT-B'])).statusCode).toBe(201);
    expect((await shipWith(ownOrder, `B2-${gtin13}`, gtin13, ['LOT-B'])).statusCode).toBe(201);
    const recall = await open(openRecall(gtin13, { lots: ['LOT-B'] }));
    const receivers = recall.receivers.map((r) => [r.organisation_id ? 'organisation' : 'customer', r.units_received]);

    // Both notices are listed, each with its own units; left unnamed, the organisation's is read.
    const listed = v.parse(MyRecallListSchema, (await get('/api/v1/recalls?open=true', HOSPITAL_BUYER)).json()).items.filter((r) => r.id === recall.id);
    expect(listed.map((r) => [r.received_by, r.units_received]).sort()).toEqual(receivers.sort());
    expect(v.parse(MyRecallSchema, (await get(`/api/v1/recalls/${recall.id}`, HOSPITAL_BUYER)).json()).received_by).toBe('organisation');
    const own = v.parse(MyRecallSchema, (await get(`/api/v1/recalls/${recall.id}?received_by=customer`, HOSPITAL_BUYER)).json());
    expect(own.received_by).toBe('customer');
    expect(new Set(own.deliveries.map((d) => d.order_number))).toEqual(new Set([ownOrder.number]));

    // The organisation's answer leaves the person's own units asked for, until they answer them too.
    expect((await answer(recall.id, HOSPITAL_BUYER, { units_on_hand: 1, units_used: 0, units_to_return: 1 })).statusCode).toBe(200);
    const stillOpen = v.parse(MyRecallListSchema, (await get('/api/v1/recalls?open=true', HOSPITAL_BUYER)).json()).items.filter((r) => r.id === recall.id);
    expect(stillOpen.map((r) => r.received_by)).toEqual(['customer']);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${recall.id}/answer?received_by=customer`, headers: as(HOSPITAL_BUYER), payload: { units_on_hand: 9, units_used: 0, units_to_return: 0 } })).json().code).toBe(RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED);
    const ownAnswer = await t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${recall.id}/answer?received_by=customer`, headers: as(HOSPITAL_BUYER), payload: { units_on_hand: 2, units_used: 1, units_to_return: 2 } });
    expect(ownAnswer.statusCode, ownAnswer.body).toBe(200);
    expect(v.parse(MyRecallSchema, ownAnswer.json())).toMatchObject({ received_by: 'customer', units_on_hand: 2, units_used: 1, units_to_return: 2 });
    expect(await openIds(HOSPITAL_BUYER)).not.toContain(recall.id);

    // The staff see both answers: nothing of the web-shop units is lost.
    const followed = v.parse(RecallSchema, (await get(`/api/v1/staff/recalls/${recall.id}`, CASE_MANAGER)).json());
    expect(followed).toMatchObject({ organisations_answered: 1, customers_answered: 1 });
    expect(followed.receivers.find((r) => r.organisation_id)).toMatchObject({ units_on_hand: 1, units_used: 0, units_to_return: 1 });
    expect(followed.receivers.find((r) => !r.organisation_id)).toMatchObject({ units_on_hand: 2, units_used: 1, units_to_return: 2 });

    // Another member of the organisation has no notice of the person's own; a bad choice is a 400.
    expect((await get(`/api/v1/recalls/${recall.id}?received_by=customer`, HOSPITAL_ADMIN)).statusCode).toBe(404);
    expect((await get(`/api/v1/recalls/${recall.id}?received_by=organisation`, WEBSHOP_CUSTOMER)).statusCode).toBe(404);
    expect((await get(`/api/v1/recalls/${recall.id}?received_by=everyone`, HOSPITAL_BUYER)).statusCode).toBe(400);
  });
});

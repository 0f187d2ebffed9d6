// Contract tests of the recalls (issue 42, decision 074): the ERP and the staff open a recall, the
// receivers are the organisations whose shipments carried the units (and only those), each is told
// in its people's language and answers in the portal, the ERP gets the event, further shipments of
// the units are refused with SHIPMENT_LOT_RECALLED, and the staff follow and export the recall.
// Access: a buyer never reads or answers another organisation's notice; a client without
// recalls:write and a buyer on the staff's routes are refused. Bad input answers 400 with its code.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, INTEGRATION_ERRORS, MyRecallListSchema, MyRecallSchema, RECALL_ERRORS, RecallListSchema, RecallSchema } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { CASE_MANAGER } from '../../test-support/orders';
import { freshGtin, openRecall } from '../../test-support/recalls';
import { orderToShip, report, type OrderToShip } from '../../test-support/shipments';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';

let t: TestApp;
let warehouse: TestIntegrationClient;
let erp: TestIntegrationClient;
let erpWithoutScope: TestIntegrationClient;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Recall warehouse');
  erp = await integrationClient(t.app, ['recalls:write'], 'Recall ERP');
  erpWithoutScope = await integrationClient(t.app, ['orders:read', 'shipments:write'], 'ERP without recalls');
  for (const email of [HOSPITAL_BUYER, HOSPITAL_ADMIN, POLICE_BUYER, POLICE_ADMIN, CASE_MANAGER]) tokens[email] = await accessToken(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

const as = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
const ship = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: payload as object });
const openByErp = (payload: unknown, headers = erp.headers) => t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls', headers, payload: payload as object });
const openByStaff = (payload: unknown, email = CASE_MANAGER) => t.app.inject({ method: 'POST', url: '/api/v1/staff/recalls', headers: as(email), payload: payload as object });
const get = (url: string, email: string) => t.app.inject({ url, headers: as(email) });

/** Ships `order`'s lines with `gtin` and one lot each (`lots[i]` for line i). */
async function shipWith(order: OrderToShip, id: string, gtin: string, lots: string[], extra: Record<string, unknown> = {}) {
  const r = report(order, id);
  const res = await ship({ ...r, lines: r.lines.map((l, i) => ({ ...l, gtin, lot: lots[i] ?? lots[0], ...extra })) });
  return res;
}

describe('opening a recall', () => {
  it('finds exactly the organisations, orders and shipments that received the lot, tells them in their language, publishes the event and refuses further shipments', async () => {
    const { gtin13, gtin14 } = await freshGtin();
    const hospital = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const police = await orderToShip(t.app, 'processing', 2, POLICE_BUYER);
    const elsewhere = await orderToShip(t.app, 'processing', 2, POLICE_BUYER);
    // Hospital: both lines of the recalled lot (8 units). Police: one line of it, one of another lot (4 units). Elsewhere: another lot only.
    expect((await shipWith(hospital, `R1-H-${gtin13}`, gtin13, ['LOT-A', 'LOT-A'])).statusCode).toBe(201);
    expect((await shipWith(police, `R1-P-${gtin13}`, gtin13, ['LOT-A', 'LOT-B'])).statusCode).toBe(201);
    expect((await shipWith(elsewhere, `R1-E-${gtin13}`, gtin13, ['LOT-B', 'LOT-B'])).statusCode).toBe(201);

    const res = await openByErp(openRecall(gtin13, { lots: ['LOT-A'], reference: `FSCA-${gtin13}` }));
    expect(res.statusCode, res.body).toBe(201);
    const recall = v.parse(RecallSchema, res.json());
    expect(recall.gtin).toBe(gtin14);
    expect(recall.opened_by).toBe('Recall ERP');
    const byOrg = new Map(recall.receivers.map((r) => [r.organisation_name, r]));
    expect(recall.receivers).toHaveLength(2);
    expect(recall.units_received).toBe(12);
    const [hospitalOrg] = await query<{ name: string }>(t.app, sql`select g.name from organisations g join orders o on o.organisation_id = g.id where o.id = ${hospital.id}`);
    const [policeOrg] = await query<{ name: string }>(t.app, sql`select g.name from organisations g join orders o on o.organisation_id = g.id where o.id = ${police.id}`);
    expect(byOrg.get(hospitalOrg!.name)!.units_received).toBe(8);
    expect(byOrg.get(policeOrg!.name)!.units_received).toBe(4);
    expect(byOrg.get(policeOrg!.name)!.deliveries.map((d) => [d.order_number, d.lot, d.units])).toEqual([[police.number, 'LOT-A', 4]]);
    expect(byOrg.get(hospitalOrg!.name)!.deliveries.every((d) => d.order_number === hospital.number && d.delivery_address.length > 0)).toBe(true);
    // The administrators and the buyers who ordered, each in their own language.
    expect(byOrg.get(hospitalOrg!.name)!.told.sort()).toEqual([HOSPITAL_ADMIN, HOSPITAL_BUYER].sort());
    expect(byOrg.get(policeOrg!.name)!.told).toContain(POLICE_ADMIN);
    expect(byOrg.get(policeOrg!.name)!.told).toContain(POLICE_BUYER);
    const mails = await query<{ recipient: string; locale: string; reason: string }>(
      t.app,
      sql`select m.recipient, m.locale, m.payload->>'reason' as reason from outbox m where m.template = 'recalls.opened' and m.payload->>'path' like ${`%/${recall.id}`}`,
    );
    const userLocales = await query<{ email: string; locale: string }>(t.app, sql`select email, locale from users where email in (${HOSPITAL_ADMIN}, ${HOSPITAL_BUYER}, ${POLICE_ADMIN}, ${POLICE_BUYER})`);
    for (const u of userLocales) {
      const mail = mails.find((m) => m.recipient === u.email)!;
      expect(mail.locale, u.email).toBe(u.locale === 'nl' || u.locale === 'fr' ? u.locale : 'en');
      expect(mail.reason).toBe(openRecall(gtin13, {}).reason[mail.locale as 'en' | 'nl' | 'fr']);
    }
    const [event] = await query<{ type: string; payload: { data?: { units_received?: number }; units_received?: number } }>(
      t.app,
      sql`select type, payload from integration_events where aggregate_type = 'recall' and aggregate_id = ${recall.id}`,
    );
    expect(event!.type).toBe('recall.opened');
    expect(JSON.stringify(event!.payload)).toContain('"units_received":12');

    // Further shipments of the lot are refused with the line named; another lot of the GTIN ships.
    const again = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const refused = await shipWith(again, `R1-X-${gtin13}`, gtin13, ['LOT-B', 'LOT-A']);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe(RECALL_ERRORS.LOT_RECALLED);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['lines.1.lot']);
    expect(await query(t.app, sql`select 1 from shipments where external_id = ${`R1-X-${gtin13}`}`)).toHaveLength(0);
    expect((await shipWith(again, `R1-Y-${gtin13}`, gtin13, ['LOT-B', 'LOT-C'])).statusCode).toBe(201);

    // The same reference again: the stored recall (200); with other content: 409.
    const replay = await openByErp(openRecall(gtin13, { lots: ['LOT-A'], reference: `FSCA-${gtin13}` }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(recall.id);
    const conflict = await openByErp(openRecall(gtin13, { lots: ['LOT-A', 'LOT-B'], reference: `FSCA-${gtin13}` }));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe(RECALL_ERRORS.CONFLICT);
  });

  it('keys a report without a GTIN by the ordered product, and recalls by serial number and by expiry range', async () => {
    const { gtin13, gtin14 } = await freshGtin();
    const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    // The catalogue's GTIN of the first line's product (GTIN-13: the index keys it as GTIN-14).
    await query(t.app, sql`update products set gtin = ${gtin13} where id = (select product_id from order_lines where id = ${order.lines[0]!.id})`);
    const r = report(order, `R2-${gtin13}`);
    const lines = [
      { ...r.lines[0]!, lot: 'LOT-S', serial_numbers: ['SN-1', 'SN-2', 'SN-3'], expiry_on: '2027-03-31' },
      { ...r.lines[1]!, gtin: freshGtin().gtin13, lot: 'LOT-OTHER' },
    ];
    expect((await ship({ ...r, lines })).statusCode).toBe(201);
    const [stored] = await query<{ gtin: string }>(t.app, sql`select gtin from shipment_lines where order_line_id = ${order.lines[0]!.id}`);
    expect(stored!.gtin).toBe(gtin14);

    const bySerial = await openByStaff(openRecall(gtin14, { serial_numbers: ['SN-2', 'SN-9'] }));
    expect(bySerial.statusCode, bySerial.body).toBe(201);
    const serialRecall = v.parse(RecallSchema, bySerial.json());
    expect(serialRecall.opened_by).toBe('An Claes');
    expect(serialRecall.receivers.flatMap((o) => o.deliveries.map((d) => [d.serial_numbers, d.units]))).toEqual([[['SN-2'], 1]]);

    const byExpiry = await openByStaff(openRecall(gtin13, { expiry_from: '2027-01-01', expiry_to: '2027-06-30' }));
    expect(byExpiry.statusCode, byExpiry.body).toBe(201);
    expect(v.parse(RecallSchema, byExpiry.json()).units_received).toBe(4);
    const outOfRange = await openByStaff(openRecall(gtin13, { expiry_to: '2027-03-30' }));
    expect(v.parse(RecallSchema, outOfRange.json()).units_received).toBe(0);
  });
});

describe('the organisation answers, the staff follow', () => {
  it('shows the notice to its organisation only until answered, takes the answer, and the staff see it and export it', async () => {
    const { gtin13 } = await freshGtin();
    const hospital = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    expect((await shipWith(hospital, `R3-${gtin13}`, gtin13, ['LOT-Q'])).statusCode).toBe(201);
    const recall = v.parse(RecallSchema, (await openByErp(openRecall(gtin13, { lots: ['LOT-Q'] }))).json());

    const open = v.parse(MyRecallListSchema, (await get('/api/v1/recalls?open=true', HOSPITAL_BUYER)).json());
    expect(open.items.map((r) => r.id)).toContain(recall.id);
    const mine = v.parse(MyRecallSchema, (await get(`/api/v1/recalls/${recall.id}`, HOSPITAL_ADMIN)).json());
    expect(mine.units_received).toBe(8);
    expect(mine.deliveries.map((d) => d.order_number)).toEqual([hospital.number, hospital.number]);

    // Another organisation neither sees nor answers it, nor finds it in its list.
    for (const email of [POLICE_BUYER, POLICE_ADMIN]) {
      const other = await get(`/api/v1/recalls/${recall.id}`, email);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe(RECALL_ERRORS.NOT_FOUND);
      expect(other.body).not.toContain('LOT-Q');
      const answer = await t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${recall.id}/answer`, headers: as(email), payload: { units_on_hand: 0, units_used: 0, units_to_return: 0 } });
      expect(answer.statusCode).toBe(404);
      expect(v.parse(MyRecallListSchema, (await get('/api/v1/recalls', email)).json()).items.map((r) => r.id)).not.toContain(recall.id);
    }
    // Staff have no notices of their own; the staff's routes refuse buyers and clients.
    expect(v.parse(MyRecallListSchema, (await get('/api/v1/recalls', CASE_MANAGER)).json()).items).toEqual([]);
    for (const url of ['/api/v1/staff/recalls', `/api/v1/staff/recalls/${recall.id}`, `/api/v1/staff/recalls/${recall.id}/export.csv`]) {
      const refused = await get(url, HOSPITAL_ADMIN);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe(API_ERRORS.STAFF_ONLY);
    }

    const tooMany = await t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${recall.id}/answer`, headers: as(HOSPITAL_BUYER), payload: { units_on_hand: 6, units_used: 3, units_to_return: 6 } });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe(RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED);
    const answered = await t.app.inject({ method: 'PUT', url: `/api/v1/recalls/${recall.id}/answer`, headers: as(HOSPITAL_BUYER), payload: { units_on_hand: 5, units_used: 3, units_to_return: 5 } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(v.parse(MyRecallSchema, answered.json())).toMatchObject({ units_on_hand: 5, units_used: 3, units_to_return: 5 });
    expect(v.parse(MyRecallListSchema, (await get('/api/v1/recalls?open=true', HOSPITAL_BUYER)).json()).items.map((r) => r.id)).not.toContain(recall.id);

    const followed = v.parse(RecallSchema, (await get(`/api/v1/staff/recalls/${recall.id}`, CASE_MANAGER)).json());
    expect(followed.organisations_answered).toBe(1);
    expect(followed.receivers[0]).toMatchObject({ answered_by: 'Lucas Janssens', units_on_hand: 5, units_used: 3, units_outstanding: 5 });
    expect(followed.units_outstanding).toBe(5);
    const listed = v.parse(RecallListSchema, (await get('/api/v1/staff/recalls', CASE_MANAGER)).json());
    expect(listed.items.find((r) => r.id === recall.id)).toMatchObject({ organisations_told: 1, organisations_answered: 1, units_received: 8, units_outstanding: 5 });
    const csv = await get(`/api/v1/staff/recalls/${recall.id}/export.csv`, CASE_MANAGER);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toMatch(/^recall_id,reference,kind,gtin,status,corrected_at,corrected_by,closed_at,closed_by,organisation_id,organisation,customer,/);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(hospital.number);
    expect(rows[1]).toContain('LOT-Q');
  });
});

describe('refusals', () => {
  it('refuses a client without recalls:write, a buyer on the staff route, and no token', async () => {
    const { gtin13 } = freshGtin();
    const body = openRecall(gtin13, { lots: ['X'] });
    const unscoped = await openByErp(body, erpWithoutScope.headers);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    const buyer = await openByStaff(body, HOSPITAL_ADMIN);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().code).toBe(API_ERRORS.STAFF_ONLY);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/staff/recalls', payload: body })).statusCode).toBe(401);
    expect(await query(t.app, sql`select 1 from recalls where gtin = ${`0${gtin13}`}`)).toHaveLength(0);
  });

  it('answers bad input with 400 VALIDATION_FAILED naming the field, never 500', async () => {
    const { gtin13 } = freshGtin();
    const wrongCheck = `${gtin13.slice(0, 12)}${(Number(gtin13[12]) + 1) % 10}`;
    const cases: [unknown, string][] = [
      [openRecall(wrongCheck, { lots: ['X'] }), 'gtin'],
      [openRecall('12345', { lots: ['X'] }), 'gtin'],
      [openRecall(gtin13, {}), 'lots'],
      [openRecall(gtin13, { lots: ['X', 'X'] }), 'lots'],
      [openRecall(gtin13, { expiry_from: '2027-02-30' }), 'expiry_from'],
      [openRecall(gtin13, { expiry_from: '2027-06-01', expiry_to: '2027-01-01' }), 'expiry_to'],
      [{ ...openRecall(gtin13, { lots: ['X'] }), reason: { en: 'only English' } }, 'reason.nl'],
      [{ ...openRecall(gtin13, { lots: ['X'] }), kind: 'advice' }, 'kind'],
      [openRecall(gtin13, { lots: ['X'], reference: 'has spaces' }), 'reference'],
      [openRecall(gtin13, { lots: 'X' }), 'lots'],
    ];
    for (const [body, field] of cases) {
      const res = await openByErp(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
      expect(res.json().errors.map((e: { path: string }) => e.path), JSON.stringify(body)).toContain(field);
    }
    const badId = await get('/api/v1/recalls/not-a-uuid', HOSPITAL_BUYER);
    expect(badId.statusCode).toBe(400);
    expect((await get('/api/v1/recalls?open=maybe', HOSPITAL_BUYER)).statusCode).toBe(400);
    const answers: [unknown, string][] = [
      [{ units_on_hand: -1, units_used: 0, units_to_return: 0 }, 'units_on_hand'],
      [{ units_on_hand: 1, units_used: 0, units_to_return: 2 }, 'units_to_return'],
      [{ units_on_hand: 1.5, units_used: 0, units_to_return: 0 }, 'units_on_hand'],
      [{ units_on_hand: 1, units_used: 0 }, 'units_to_return'],
    ];
    for (const [payload, field] of answers) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/recalls/3c9d2e1f-7a6b-4c5d-8e9f-0a1b2c3d4e5f/answer', headers: as(HOSPITAL_BUYER), payload: payload as object });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // A shipment line's GTIN with a wrong check digit is refused like any bad field.
    const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
    const bad = await shipWith(order, `R5-${gtin13}`, wrongCheck, ['L']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('lines.0.gtin');
  });
});

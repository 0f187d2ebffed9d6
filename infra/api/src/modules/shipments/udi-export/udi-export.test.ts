// The hospital's UDI export (issue 42, decision 070): the units its organisation received in a period,
// one row per serial number (or per lot), the implantable and class III devices by default, every
// device on request, one product on request; as CSV or as GS1 element strings. Scoped to the
// caller's organisation (another organisation's units never appear), open to its admins and buyers,
// refused to staff and visitors, bad periods and formats a 400.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, UDI_EXPORT_ERRORS } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { integrationClient } from '../../../test-support/integration-clients';
import { orderToShip, report, type OrderToShip } from '../../../test-support/shipments';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { UDI_EXPORT_COLUMNS } from './udi-export';

let t: TestApp;
let order: OrderToShip;
let member: { buyer: string; admin: string };
let stranger: string;
const UDI_DI = '15412345009006';
const PERIOD = 'from=2030-01-01&to=2030-01-31';

beforeAll(async () => {
  t = await startTestApp();
  const warehouse = await integrationClient(t.app, ['shipments:write'], 'Test warehouse');
  order = await orderToShip(t.app, 'processing');
  // Line 1: a class III implant with its own UDI-DI; line 2: a class I device (only in `devices=all`).
  await query(t.app, sql`update products set gtin = '05412345009009', udi_di = ${UDI_DI}, mdr_class = 'III', implantable = true where id = (select product_id from order_lines where id = ${order.lines[0]!.id})`);
  await query(t.app, sql`update products set gtin = '4006381333931', udi_di = null, mdr_class = 'I', implantable = false where id = (select product_id from order_lines where id = ${order.lines[1]!.id})`);
  const first = { ...report(order, 'UDI-1', [2, 4]), shipped_on: '2030-01-10', expected_delivery_on: '2030-01-12' };
  first.lines[0] = { ...first.lines[0]!, lot: 'L2403', expiry_on: '2031-03-31', serial_numbers: ['SN-1', 'SN-2'] } as (typeof first.lines)[number];
  // The rest of the implant a month later: outside the period.
  const later = { ...report(order, 'UDI-2', [2, 0]), shipped_on: '2030-02-10', expected_delivery_on: '2030-02-12' };
  for (const r of [first, later]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: r });
    expect(res.statusCode, res.body).toBe(201);
  }
  const [org] = await query<{ id: string }>(t.app, sql`select organisation_id::text as id from orders where id = ${order.id}`);
  const people = await query<{ email: string; role: string; organisation_id: string }>(
    t.app,
    sql`select u.email, m.role::text as role, m.organisation_id::text from memberships m join users u on u.id = m.user_id where m.deactivated_at is null and (select count(*) from memberships m2 where m2.user_id = m.user_id) = 1 order by u.email`,
  );
  const of = (role: string) => people.find((p) => p.organisation_id === org!.id && p.role === role)!.email;
  member = { buyer: of('buyer'), admin: of('admin') };
  stranger = [HOSPITAL_BUYER, POLICE_BUYER].find((e) => !people.some((p) => p.email === e && p.organisation_id === org!.id))!;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const get = async (email: string | null, search: string) =>
  t.app.inject({ url: `/api/v1/udi-export?${search}`, headers: email ? { authorization: `Bearer ${await accessToken(t.app, email)}` } : {} });
const csvRows = (body: string) => parse(body, { relaxColumnCount: false }) as string[][];

describe('the UDI export', () => {
  it('lists the implantable and class III units a buyer\'s organisation received in the period, one row per serial, as CSV', async () => {
    const res = await get(member.buyer, PERIOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="udi-export-2030-01-01-2030-01-31.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...UDI_EXPORT_COLUMNS]);
    const at = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => [r[at('shipment_id')], r[at('udi_di')], r[at('mdr_class')], r[at('serial_number')], r[at('quantity')], r[at('udi')]])).toEqual([
      ['UDI-1', UDI_DI, 'III', 'SN-1', '1', `(01)${UDI_DI}(17)310331(10)L2403(21)SN-1`],
      ['UDI-1', UDI_DI, 'III', 'SN-2', '1', `(01)${UDI_DI}(17)310331(10)L2403(21)SN-2`],
    ]);
    expect(rows[0]![at('order_number')]).toBe(order.number);
  });

  it('gives every device on request, one product on request, and GS1 element strings one a line; the admin may too', async () => {
    const all = csvRows((await get(member.admin, `${PERIOD}&devices=all`)).body).slice(1);
    expect(all.map((r) => r[UDI_EXPORT_COLUMNS.indexOf('udi')])).toEqual([
      `(01)${UDI_DI}(17)310331(10)L2403(21)SN-1`,
      `(01)${UDI_DI}(17)310331(10)L2403(21)SN-2`,
      '(01)04006381333931(17)280229(10)LOT-1',
    ]);
    expect(all[2]![UDI_EXPORT_COLUMNS.indexOf('quantity')]).toBe('4');
    const one = csvRows((await get(member.buyer, `${PERIOD}&devices=all&product=${encodeURIComponent(order.lines[1]!.article_code)}`)).body).slice(1);
    expect(one).toHaveLength(1);
    const gs1 = await get(member.buyer, `from=2030-01-01&to=2030-02-28&format=gs1`);
    expect(gs1.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gs1.body).toBe(
      [`(01)${UDI_DI}(17)310331(10)L2403(21)SN-1`, `(01)${UDI_DI}(17)310331(10)L2403(21)SN-2`, `(01)${UDI_DI}(17)280229(10)LOT-0`].map((l) => `${l}\r\n`).join(''),
    );
  });

  it("never shows another organisation's units; refuses staff and visitors; a bad period or format is a 400", async () => {
    const other = await get(stranger, `${PERIOD}&devices=all`);
    expect(other.statusCode).toBe(200);
    expect(csvRows(other.body)).toHaveLength(1);
    const [staff] = await query<{ email: string }>(t.app, sql`select u.email from staff s join users u on u.id = s.user_id limit 1`);
    const refused = await get(staff!.email, PERIOD);
    expect([refused.statusCode, refused.json().code]).toEqual([403, UDI_EXPORT_ERRORS.CUSTOMERS_ONLY]);
    expect((await get(null, PERIOD)).statusCode).toBe(401);
    for (const bad of ['from=2030-01-31&to=2030-01-01', 'from=2030-02-30&to=2030-03-01', 'from=2029-01-01&to=2030-12-31', `${PERIOD}&format=xlsx`, `${PERIOD}&devices=some`, `${PERIOD}&product=a%20b`, 'to=2030-01-01', `${PERIOD}&extra=1`]) {
      const res = await get(member.buyer, bad);
      expect([res.statusCode, res.json().code], bad).toEqual([400, API_ERRORS.VALIDATION_FAILED]);
    }
  });
});

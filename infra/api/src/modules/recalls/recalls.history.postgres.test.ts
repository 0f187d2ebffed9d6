// A recall over a seeded history of 100 000 shipment lines (issue 42): split lots (two lots per
// parcel line), partial shipments (two parcels per order), four GTINs, two organisations, and a
// person who orders in both. The receivers the recall finds (its one query over the lot index) must
// equal what a plain query over the raw rows says, by lot, by serial number and by expiry range.
// The history is written with generate_series, straight into the tables, for speed. PostgreSQL only
// (`*.postgres.test.ts`, the production engine; decision 074): its seed took minutes on PGlite beside
// the other suites, whose pass already sets CI's pace.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecallSchema, type Recall } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { freshGtin, openRecall } from '../../test-support/recalls';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { addPersonInTwoOrganisations } from '../../test-support/two-organisations';

const ORDERS = 6_250; // x 4 order lines x 2 parcels x 2 lots = 100 000 shipment lines
const BOTH = 'in.both.organisations@zorggroep-scheldeland.example';

let t: TestApp;
let staffToken: string;
const gtins = [freshGtin().gtin14, freshGtin().gtin14, freshGtin().gtin14, freshGtin().gtin14];
let organisations: { a: string; b: string };

beforeAll(async () => {
  t = await startTestApp();
  staffToken = await accessToken(t.app, CASE_MANAGER);
  const both = await addPersonInTwoOrganisations(t.app, BOTH);
  organisations = { a: both.orgA, b: both.orgB };
  const [buyers] = await query<{ a: string; b: string }>(
    t.app,
    sql`select (select id from users where email = ${HOSPITAL_BUYER}) as a, (select id from users where email = ${POLICE_BUYER}) as b`,
  );
  const [template] = await query<{ id: string }>(t.app, sql`select id from orders where organisation_id is not null order by number limit 1`);
  // Orders: every third of B; every fifth placed by the person in both organisations.
  await query(
    t.app,
    sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) - 'id' || jsonb_build_object(
          'id', gen_random_uuid(), 'number', 'HIST-' || i, 'status', 'processing',
          'organisation_id', case when i % 3 = 0 then ${organisations.b}::text else ${organisations.a}::text end,
          'user_id', case when i % 5 = 0 then ${both.personId}::text when i % 3 = 0 then ${buyers!.b}::text else ${buyers!.a}::text end,
          'delivery_address', o.delivery_address || jsonb_build_object('label', 'Ward ' || (i % 7)),
          'tracking_reference', null, 'expected_delivery_on', null, 'delivery_confirmed_at', null, 'delivery_confirmed_by_user_id', null))).*
        from orders o, generate_series(1, ${ORDERS}) i where o.id = ${template!.id}`,
  );
  await query(
    t.app,
    sql`insert into order_lines (order_id, product_id, article_code, description, nsn, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
        select o.id, l.product_id, 'HIST-LINE-' || j, l.description, l.nsn, 10, l.unit_price_cents, l.vat_rate_bp, l.unit_price_cents * 10
        from orders o, (select * from order_lines where order_id = ${template!.id} order by article_code limit 1) l, generate_series(0, 3) j
        where o.number like 'HIST-%'`,
  );
  // Fresh statistics before each join over what was just written (else the planner loops over a table it thinks empty).
  await query(t.app, sql`analyze orders, order_lines`);
  // Two parcels per order (partial shipments: 5 units, then 5).
  await query(
    t.app,
    sql`insert into shipments (order_id, external_id, request_hash, client_name, carrier, tracking_reference, shipped_on, expected_delivery_on)
        select o.id, o.number || '-P' || k, 'history', 'History warehouse', 'bpost', o.number || '-T' || k,
               date '2026-01-01' + (substr(o.number, 6)::int % 300) + k, date '2026-01-04' + (substr(o.number, 6)::int % 300) + k
        from orders o, generate_series(1, 2) k where o.number like 'HIST-%'`,
  );
  await query(t.app, sql`analyze shipments`);
  // Each parcel ships 5 of each order line, split over two lots (3 + 2 units); a GTIN per order line, lots drawn
  // from 40, an expiry per lot line, a serial on the second.
  await query(
    t.app,
    sql`insert into shipment_lines (shipment_id, position, order_line_id, quantity, gtin, lot, expiry_on, serial_numbers)
        select s.id, j * 2 + p, l.id, case when p = 0 then 3 else 2 end,
               (${`{${gtins.join(',')}}`}::text[])[1 + (n + j) % 4],
               'L' || ((n * 7 + j * 5 + k * 3 + p) % 40),
               date '2027-01-01' + ((n * 3 + j + p * 11) % 365),
               case when p = 1 then array['SN-' || n || '-' || j || '-' || k] else '{}'::text[] end
        from shipments s
        join orders o on o.id = s.order_id
        join order_lines l on l.order_id = o.id
        cross join lateral (select substr(o.number, 6)::int as n, substr(s.external_id, length(s.external_id))::int as k, substr(l.article_code, 11)::int as j) x
        cross join generate_series(0, 1) p
        where o.number like 'HIST-%'`,
  );
  await query(t.app, sql`analyze shipment_lines`);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Receipt = { organisation: string | null; order: string; shipment: string; units: number };
const key = (r: Receipt) => `${r.organisation}|${r.order}|${r.shipment}|${r.units}`;

/** What the recall says: one receipt per order and parcel, units summed over its lines. */
function receiptsOf(recall: Recall): string[] {
  const sum = new Map<string, Receipt>();
  for (const o of recall.receivers) {
    for (const d of o.deliveries) {
      const k = `${o.organisation_id}|${d.order_number}|${d.shipment_id}`;
      const r = sum.get(k) ?? { organisation: o.organisation_id, order: d.order_number, shipment: d.shipment_id, units: 0 };
      r.units += d.units;
      sum.set(k, r);
    }
  }
  return [...sum.values()].map(key).sort();
}

/** What the raw rows say, written plainly: `covered` is the per-line units of the criteria. */
async function plainReceipts(gtin: string, covered: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await query<Receipt>(
    t.app,
    sql`select o.organisation_id::text as organisation, o.number as "order", s.external_id as shipment, sum(c.units)::int as units
        from shipment_lines sl join shipments s on s.id = sl.shipment_id join orders o on o.id = s.order_id
        cross join lateral (select ${covered} as units) c
        where sl.gtin = ${gtin} and c.units > 0
        group by o.organisation_id, o.number, s.external_id`,
  );
  return rows.map(key).sort();
}

const open = async (body: unknown) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/staff/recalls', headers: { authorization: `Bearer ${staffToken}` }, payload: body as object });
  expect(res.statusCode, res.body).toBe(201);
  return v.parse(RecallSchema, res.json());
};

describe('a recall over 100 000 shipment lines', () => {
  it('holds the seeded history', async () => {
    const [count] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from shipment_lines sl join shipments s on s.id = sl.shipment_id where s.client_name = 'History warehouse'`);
    expect(count!.n).toBe(100_000);
  });

  it('by lots: the same receivers as a plain query, both organisations, the person in both told in each', async () => {
    const recall = await open(openRecall(gtins[1]!, { lots: ['L3', 'L17', 'L38'] }));
    const plain = await plainReceipts(gtins[1]!, sql`case when sl.lot in ('L3', 'L17', 'L38') then sl.quantity else 0 end`);
    expect(plain.length).toBeGreaterThan(100);
    expect(receiptsOf(recall)).toEqual(plain);
    expect(recall.receivers.map((r) => r.organisation_id).sort()).toEqual([organisations.a, organisations.b].sort());
    for (const org of recall.receivers) expect(org.told, org.organisation_name).toContain(BOTH);
    const [total] = await query<{ units: number }>(t.app, sql`select coalesce(sum(quantity), 0)::int as units from shipment_lines where gtin = ${gtins[1]!} and lot in ('L3', 'L17', 'L38')`);
    expect(recall.units_received).toBe(total!.units);
  });

  it('by serial numbers and by expiry range: the same receivers as a plain query', async () => {
    const [some] = await query<{ serials: string[] }>(
      t.app,
      sql`select array_agg(sn order by sn) as serials from (select unnest(serial_numbers) as sn from shipment_lines where gtin = ${gtins[2]!} order by 1 limit 25) x`,
    );
    const serials = [...some!.serials, 'SN-NOT-SHIPPED'];
    const bySerial = await open(openRecall(gtins[2]!, { serial_numbers: serials }));
    const plainSerial = await plainReceipts(gtins[2]!, sql`(select count(*)::int from unnest(sl.serial_numbers) u where u = any(${`{${serials.join(',')}}`}::text[]))`);
    expect(plainSerial).toHaveLength(25);
    expect(receiptsOf(bySerial)).toEqual(plainSerial);

    const byExpiry = await open(openRecall(gtins[3]!, { expiry_from: '2027-03-01', expiry_to: '2027-03-10' }));
    const plainExpiry = await plainReceipts(gtins[3]!, sql`case when sl.expiry_on between date '2027-03-01' and date '2027-03-10' then sl.quantity else 0 end`);
    expect(plainExpiry.length).toBeGreaterThan(100);
    expect(receiptsOf(byExpiry)).toEqual(plainExpiry);
  });
});

// The demo's seeded shipments are recallable (decision 074): each seeded line carries its product's
// GTIN-14, so staff who open a recall in `npm start` for a lot the demo shipped reach the organisation
// that received it, and closing it lets that lot ship again. Before the seed set the GTIN, such a
// recall found nobody.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessToken, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { openRecall, RECALL_TEXT } from '../../test-support/recalls';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestApp();
  staff = { authorization: `Bearer ${await accessToken(t.app, CASE_MANAGER)}` };
});
afterAll(async () => {
  await t?.close();
});

it('a recall of a lot the demo shipped finds the organisation that received it, and closes', async () => {
  const [seeded] = await query<{ gtin: string | null; lot: string; organisation_id: string; units: number }>(
    t.app,
    sql`select sl.gtin, sl.lot, o.organisation_id, sum(sl.quantity)::int as units
        from shipment_lines sl join shipments s on s.id = sl.shipment_id join orders o on o.id = s.order_id
        where s.external_id like 'DEMO-%' and o.organisation_id is not null
        group by sl.gtin, sl.lot, o.organisation_id order by sl.lot limit 1`,
  );
  expect(seeded, 'the demo seeds shipped orders of an organisation').toBeDefined();
  expect(seeded!.gtin).toMatch(/^\d{14}$/);

  const opened = await t.app.inject({ method: 'POST', url: '/api/v1/staff/recalls', headers: staff, payload: openRecall(seeded!.gtin!, { lots: [seeded!.lot] }) });
  expect(opened.statusCode, opened.body).toBe(201);
  const recall = opened.json<{ id: string; units_received: number; receivers: { organisation_id: string | null; units_received: number }[] }>();
  expect(recall.receivers.map((r) => [r.organisation_id, r.units_received])).toEqual([[seeded!.organisation_id, seeded!.units]]);

  const closed = await t.app.inject({ method: 'POST', url: `/api/v1/staff/recalls/${recall.id}/close`, headers: staff, payload: { note: RECALL_TEXT.reason } });
  expect(closed.statusCode, closed.body).toBe(200);
});

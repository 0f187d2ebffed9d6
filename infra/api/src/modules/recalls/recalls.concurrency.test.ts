// A shipment reported at the moment a recall of its lot opens is either refused or counted in the
// recall, never missed (issue 42, decision 074): the report takes the GTIN's recall lock shared, the
// opening takes it alone, and each reads after its lock. Both are sent at once, many times, and
// each round's outcome is checked both ways. A correction that widens a recall to the shipment's lot
// takes the same lock alone (decision 080) and is raced the same way. PGlite runs one statement at a time; the PostgreSQL pass
// (DATABASE_URL set, as CI runs every API test) runs them truly side by side.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECALL_ERRORS } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../test-support/orders';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { freshGtin, openRecall } from '../../test-support/recalls';
import { orderToShip, report } from '../../test-support/shipments';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const ROUNDS = 30;

let t: TestApp;
let warehouse: TestIntegrationClient;
let erp: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Race warehouse');
  erp = await integrationClient(t.app, ['recalls:write'], 'Race ERP');
});
afterAll(async () => {
  await t?.close();
});

describe('a shipment and a recall of its lot at once', () => {
  it(`is refused or counted, never missed (${ROUNDS} rounds)`, async () => {
    const outcomes = { counted: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { gtin13 } = freshGtin();
      const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
      const r = report(order, `RACE-${round}-${gtin13}`);
      const shipment = { ...r, lines: r.lines.map((l) => ({ ...l, gtin: gtin13, lot: 'LOT-RACE' })) };
      // Both sent before either is awaited, on separate pool connections on PostgreSQL.
      const [shipped, opened] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: shipment }),
        t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls', headers: erp.headers, payload: openRecall(gtin13, { lots: ['LOT-RACE'] }) }),
      ]);
      expect(opened.statusCode, opened.body).toBe(201);
      const recall = opened.json() as { id: string; units_received: number; receivers: { deliveries: { shipment_id: string }[] }[] };
      const stored = await query<{ units: number }>(t.app, sql`select count(*)::int as units from recall_units where recall_id = ${recall.id}`);
      const lines = await query(t.app, sql`select 1 from shipment_lines sl join shipments s on s.id = sl.shipment_id where s.external_id = ${shipment.shipment_id}`);
      if (shipped.statusCode === 201) {
        // Counted: both lines in the recall, as answered and as stored.
        outcomes.counted++;
        expect(recall.units_received, `round ${round}`).toBe(8);
        expect(recall.receivers.flatMap((o) => o.deliveries.map((d) => d.shipment_id))).toEqual([shipment.shipment_id, shipment.shipment_id]);
        expect(stored[0]!.units).toBe(2);
        expect(lines).toHaveLength(2);
      } else {
        // Refused: nothing stored, nothing in the recall.
        outcomes.refused++;
        expect(shipped.statusCode, shipped.body).toBe(422);
        expect(shipped.json().code).toBe(RECALL_ERRORS.LOT_RECALLED);
        expect(recall.units_received, `round ${round}`).toBe(0);
        expect(stored[0]!.units).toBe(0);
        expect(lines).toHaveLength(0);
      }
    }
    expect(outcomes.counted + outcomes.refused).toBe(ROUNDS);
    // Thirty rounds of two requests took 10-23 s on a loaded machine; the default 30 s bound is a clock, not the check.
  }, 300_000);
});

describe('a shipment and a correction that widens the recall to its lot, at once', () => {
  it(`is refused or counted, never missed (${ROUNDS} rounds)`, async () => {
    const staff = { authorization: `Bearer ${await accessToken(t.app, CASE_MANAGER)}` };
    const outcomes = { counted: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { gtin13 } = freshGtin();
      const opened = await t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls', headers: erp.headers, payload: openRecall(gtin13, { lots: ['LOT-FIRST'] }) });
      const { id } = opened.json() as { id: string };
      const order = await orderToShip(t.app, 'processing', 2, HOSPITAL_BUYER);
      const r = report(order, `RACEW-${round}-${gtin13}`);
      const shipment = { ...r, lines: r.lines.map((l) => ({ ...l, gtin: gtin13, lot: 'LOT-LATER' })) };
      const [shipped, corrected] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: shipment }),
        t.app.inject({ method: 'PATCH', url: `/api/v1/staff/recalls/${id}`, headers: staff, payload: { lots: ['LOT-FIRST', 'LOT-LATER'] } }),
      ]);
      expect(corrected.statusCode, corrected.body).toBe(200);
      const recall = corrected.json() as { units_received: number };
      const stored = await query<{ units: number }>(t.app, sql`select count(*)::int as units from recall_units where recall_id = ${id}`);
      if (shipped.statusCode === 201) {
        outcomes.counted++;
        expect(recall.units_received, `round ${round}`).toBe(8);
        expect(stored[0]!.units).toBe(2);
      } else {
        outcomes.refused++;
        expect(shipped.statusCode, shipped.body).toBe(422);
        expect(shipped.json().code).toBe(RECALL_ERRORS.LOT_RECALLED);
        expect(recall.units_received, `round ${round}`).toBe(0);
        expect(stored[0]!.units).toBe(0);
      }
    }
    expect(outcomes.counted + outcomes.refused).toBe(ROUNDS);
  }, 300_000);
});

// The staff's list of received Peppol orders with orders in it (issue 44): its rows are read by
// hand-written SQL whose received_at is a timestamptz, which the driver hands over as a string on
// both engines; the list must answer 200 with the orders, not only the empty list. Runs on PGlite
// and, in the second pass, on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPeppolOrderListSchema } from '@portal/shared/schemas';
import * as v from 'valibot';
import { accessToken, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await startTestApp();
  staff = await accessToken(t.app, CASE_MANAGER);
  const [org] = await query<{ id: string }>(
    t.app,
    sql`select m.organisation_id as id from memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER} limit 1`,
  );
  await query(
    t.app,
    sql`insert into procurement_orders (channel, organisation_id, sender, buyer_order_id, response_code, response_note, response_status, received_at)
        values ('peppol', ${org!.id}, '0208:0412345614', 'PO-OLDER', 'RE', 'Not a customer', 'failed', now() - interval '1 hour'),
               ('peppol', ${org!.id}, '0208:0412345614', 'PO-NEWER', 'AP', null, 'sent', now())`,
  );
}, 180_000);
afterAll(async () => t?.close());

describe('GET /api/v1/staff/procurement/peppol-orders with received orders', () => {
  it('lists them, newest first, with their receipt time as an ISO timestamp', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/staff/procurement/peppol-orders', headers: { authorization: `Bearer ${staff}` } });
    expect(res.statusCode, res.body).toBe(200);
    const body = v.parse(StaffPeppolOrderListSchema, res.json());
    expect(body.items.map((i) => i.buyer_order_id)).toEqual(['PO-NEWER', 'PO-OLDER']);
    const [newer, older] = body.items;
    expect(Date.parse(newer!.received_at)).toBeGreaterThan(Date.parse(older!.received_at));
    expect(Math.abs(Date.parse(newer!.received_at) - Date.now())).toBeLessThan(10 * 60_000);
    expect(newer!.received_at).toBe(new Date(newer!.received_at).toISOString());
  });
});

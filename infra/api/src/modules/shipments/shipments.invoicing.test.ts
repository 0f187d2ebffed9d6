// Issue 30: a shipment is invoiced in its own transaction through the InvoicingPort (wired at the
// composition root once the invoices module is merged). A fake port records the calls; one that
// throws rolls the whole shipment back, so a shipment never exists without its invoice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationCaller } from '../../caller';
import type { InvoicingPort } from '../invoices/contract';
import { query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { createShipmentsService } from './shipments.service';
import { orderToShip, recallGuard, recordIntegrationWrite, report, shipmentOrders } from '../../test-support/shipments';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const caller: IntegrationCaller = { kind: 'integration', clientId: '00000000-0000-4000-8000-000000000001', clientName: 'Invoicing test warehouse', scopes: ['shipments:write'], organisationId: null };

function fakeInvoicing(fail = false) {
  const calls: Parameters<InvoicingPort['invoiceShipment']>[1][] = [];
  const port: InvoicingPort = {
    async invoiceShipment(_tx, shipment) {
      if (fail) throw new Error('invoicing failed');
      calls.push(shipment);
      return 'invoice-1';
    },
    invoicePaidOrder: async () => null,
    creditLines: async () => [],
  };
  return { port, calls };
}

describe('invoicing a shipment', () => {
  it('invoices exactly the shipped lines, once per shipment (a replay invoices nothing)', async () => {
    const { port, calls } = fakeInvoicing();
    const service = createShipmentsService({ db: t.app.database.db, orders: shipmentOrders, recalls: recallGuard, audit: recordIntegrationWrite, invoicing: port });
    const order = await orderToShip(t.app, 'processing');
    const body = report(order, 'WH-INV-1', [2, 0]);
    const { shipment } = await service.report(caller, body);
    await service.report(caller, body);
    expect(calls).toHaveLength(1);
    const [stored] = await query<{ id: string }>(t.app, sql`select id from shipments where external_id = 'WH-INV-1'`);
    expect(calls[0]).toEqual({
      orderId: order.id,
      shipmentId: stored!.id,
      shippedOn: '2026-11-27',
      lines: [{ orderLineId: order.lines[0]!.id, quantity: 2 }],
      // Decision 070: with the line's lot and expiry, which the invoice line states.
      lots: [{ orderLineId: order.lines[0]!.id, quantity: 2, lot: 'LOT-0', expiryOn: '2028-02-29', serialNumbers: [] }],
    });
    expect(shipment.lines).toHaveLength(1);
  });

  it('rolls the shipment and the order move back when invoicing fails', async () => {
    const { port } = fakeInvoicing(true);
    const service = createShipmentsService({ db: t.app.database.db, orders: shipmentOrders, recalls: recallGuard, audit: recordIntegrationWrite, invoicing: port });
    const order = await orderToShip(t.app, 'processing');
    await expect(service.report(caller, report(order, 'WH-INV-FAIL'))).rejects.toThrow('invoicing failed');
    const [row] = await query<{ status: string; n: number }>(
      t.app,
      sql`select o.status, (select count(*)::int from shipments s where s.order_id = o.id) as n from orders o where o.id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'processing', n: 0 });
  });
});

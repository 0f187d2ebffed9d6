// Peppol BIS Despatch Advice 3 per shipment (issue 42, decision 070): a warehouse's report for a buyer
// with a Peppol id queues the shipment's Despatch Advice in the report's transaction, with each
// unit's lot, expiry date, serial number and UDI (cac:ItemInstance); a buyer without one gets none.
// Its delivery is the e-invoices' (decision 083, crossing/despatch-delivery.test.ts). Every Despatch Advice generated, beside the official example and a broken one,
// is validated against PEPPOLBIS-T16.sch in one Saxon run: 0 fatal (the broken one fails R011).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { query } from '../../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../../test-support/integration-clients';
import { CONFORMANCE_DIR, fatal, PEPPOL_ORDERING_RULES, validateBatch } from '../../../test-support/schematron';
import { orderToShip, report, type OrderToShip } from '../../../test-support/shipments';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
let warehouse: TestIntegrationClient;
let order: OrderToShip;
const IMPLANT_GTIN = '05412345009009';
const IMPLANT_UDI_DI = '15412345009006';

beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Test warehouse');
  order = await orderToShip(t.app, 'processing');
  // The first line's product is a class III implantable device with a UDI-DI of its own.
  await query(t.app, sql`update products set gtin = ${IMPLANT_GTIN}, udi_di = ${IMPLANT_UDI_DI}, mdr_class = 'III', implantable = true
                         where id = (select product_id from order_lines where id = ${order.lines[0]!.id})`);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: payload as object });
const advices = () =>
  query<{ id: string; external_id: string; receiver: string; ubl: string; status: string; attempts: number; last_error: string | null; message_id: string | null }>(
    t.app,
    sql`select d.id::text, s.external_id, d.receiver, d.ubl, v.status::text, v.attempts, v.last_error, v.message_id
        from despatch_advices d join shipments s on s.id = d.shipment_id
        join invoice_deliveries v on v.document_id = d.id and v.document_kind = 'despatch_advice' and v.channel = 'peppol'
        order by s.external_id`,
  );
const texts = (xml: string, name: string) => create(xml).filter((n) => n.node.nodeName === name, false, true).map((n) => n.node.textContent);

describe('Despatch Advice per shipment', () => {
  it('queues one for a buyer with a Peppol id, with each unit\'s lot, expiry, serial and UDI; the shipped mail lists them too', async () => {
    const first = report(order, 'DA-1', [3, 4]);
    // Two lots of the implant in one parcel: a line per lot, serials per unit.
    first.lines = [
      { ...first.lines[0]!, quantity: 2, lot: 'L2403', expiry_on: '2028-03-31', serial_numbers: ['SN-1', 'SN-2'] } as (typeof first.lines)[number],
      { ...first.lines[0]!, quantity: 1, lot: 'L2404', expiry_on: '2028-04-30', serial_numbers: ['SN-3'] } as (typeof first.lines)[number],
      first.lines[1]!,
    ];
    const res = await post(first);
    expect(res.statusCode, res.body).toBe(201);
    const [advice] = await advices();
    const [org] = await query<{ peppol_participant_id: string }>(t.app, sql`select org.peppol_participant_id from orders o join organisations org on org.id = o.organisation_id where o.id = ${order.id}`);
    expect(advice).toMatchObject({ external_id: 'DA-1', receiver: org!.peppol_participant_id, status: 'queued', attempts: 0 });
    expect(texts(advice!.ubl, 'cbc:SerialID')).toEqual(['SN-1', 'SN-2', 'SN-3']);
    expect(texts(advice!.ubl, 'cbc:LotNumberID')).toEqual(['L2403', 'L2403', 'L2404', 'LOT-1']);
    expect(texts(advice!.ubl, 'cbc:ProductTraceID').slice(0, 3)).toEqual([
      `(01)${IMPLANT_UDI_DI}(17)280331(10)L2403(21)SN-1`,
      `(01)${IMPLANT_UDI_DI}(17)280331(10)L2403(21)SN-2`,
      `(01)${IMPLANT_UDI_DI}(17)280430(10)L2404(21)SN-3`,
    ]);
    expect(texts(advice!.ubl, 'cbc:DeliveredQuantity')).toEqual(['2', '1', '4']);
    const [mail] = await query<{ payload: { lines: { lot: string; serialNumbers: string[] }[] } }>(t.app, sql`select payload from outbox where template = 'orders.shipped' order by id desc limit 1`);
    expect(mail!.payload.lines.map((l) => [l.lot, l.serialNumbers])).toEqual([['L2403', ['SN-1', 'SN-2']], ['L2404', ['SN-3']], ['LOT-1', []]]);
  });

  it('queues none for a buyer without a Peppol id, and one per shipment however often it is reported', async () => {
    const organisation = sql`(select organisation_id from orders where id = ${order.id})`;
    const [{ peppol_participant_id: id } = { peppol_participant_id: '' }] = await query<{ peppol_participant_id: string }>(t.app, sql`select peppol_participant_id from organisations where id = ${organisation}`);
    await query(t.app, sql`update organisations set peppol_participant_id = null where id = ${organisation}`);
    try {
      const plain = report(order, 'DA-2', [1, 0]);
      plain.lines = plain.lines.map((l) => ({ ...l, lot: undefined, expiry_on: undefined }) as unknown as (typeof plain.lines)[number]);
      expect((await post(plain)).statusCode).toBe(201);
    } finally {
      await query(t.app, sql`update organisations set peppol_participant_id = ${id} where id = ${organisation}`);
    }
    expect((await advices()).map((a) => a.external_id)).toEqual(['DA-1']);
    // A replay of the first report changes nothing.
    const replay = report(order, 'DA-1', [3, 4]);
    expect((await post(replay)).statusCode).toBe(409);
    expect(await advices()).toHaveLength(1);
  });

  it('every Despatch Advice generated passes PEPPOLBIS-T16 with 0 fatal; the official example passes; a broken one fails', { timeout: 240_000 }, async () => {
    // A second order's shipment, with the report's plain lots: a document unlike the first.
    const second = await orderToShip(t.app, 'processing');
    expect((await post(report(second, 'DA-3'))).statusCode).toBe(201);
    const generated = await advices();
    expect(generated.length).toBeGreaterThanOrEqual(2);
    const official = 'official-DespatchAdvice_Example.xml';
    const broken = 'broken-customization.xml';
    const documents = new Map<string, string>([
      ...generated.map((a): [string, string] => [`${a.external_id}.xml`, a.ubl]),
      [official, readFileSync(join(CONFORMANCE_DIR, 'peppol/ordering/examples/DespatchAdvice_Example.xml'), 'utf8')],
      [broken, generated[0]!.ubl.replace('urn:fdc:peppol.eu:poacc:trns:despatch_advice:3', 'urn:example:not-peppol')],
    ]);
    const result = await validateBatch(PEPPOL_ORDERING_RULES.despatchAdvice, documents);
    const fatals = new Map([...result.results].map(([name, found]) => [name, fatal(found).map((f) => `${f.id}: ${f.text}`)]));
    console.log(`[conformance] T16: ${documents.size} documents in ${result.seconds.toFixed(1)} s; fatal per document:`, Object.fromEntries([...fatals].map(([n, f]) => [n, f.length])));
    for (const [name, found] of fatals) {
      if (name === broken) expect(found.some((f) => f.startsWith('PEPPOL-T16-R011')), name).toBe(true);
      else expect(found, name).toEqual([]);
    }
  });
});

// A shipment's delivery note (issue 42, decision 070): the buyer of the order's organisation downloads
// it from the order page, in the interface's language, with each line's lot, expiry and serial numbers
// and a GS1 DataMatrix per unit; the element string handed to bwip-js is the UDI, and the drawn code
// decodes back to it (ZXing's DataMatrix reader). Another organisation's buyer, an unknown shipment
// and a visitor get no note.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import zxing from '@zxing/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GS } from '@portal/shared/gs1';
import { SHIPMENT_ERRORS } from '@portal/shared/schemas';
import { udiElementString } from '../udi';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { integrationClient } from '../../../test-support/integration-clients';
import { pdfPages } from '../../../test-support/pdf-text';
import { orderToShip, report, type OrderToShip } from '../../../test-support/shipments';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { noteCodes } from './delivery-note';
import { gs1DataMatrixPng } from './gs1-datamatrix';
import { DELIVERY_NOTE_LABELS } from './delivery-note-labels';

const { BinaryBitmap, DataMatrixReader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } = zxing;

let t: TestApp;
let order: OrderToShip;
let buyer: string;
let stranger: string;
const UDI_DI = '15412345009006';

/** What a scanner reads from the code: the raw element string after the leading FNC1. */
async function decode(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  const text = new DataMatrixReader().decode(new BinaryBitmap(new HybridBinarizer(source)), new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
  return text.startsWith(GS) ? text.slice(1) : text;
}

beforeAll(async () => {
  t = await startTestApp();
  const warehouse = await integrationClient(t.app, ['shipments:write'], 'Test warehouse');
  order = await orderToShip(t.app, 'processing');
  await query(t.app, sql`update products set gtin = '05412345009009', udi_di = ${UDI_DI}, mdr_class = 'III', implantable = true
                         where id = (select product_id from order_lines where id = ${order.lines[0]!.id})`);
  await query(t.app, sql`update products set gtin = null, udi_di = null, mdr_class = null where id = (select product_id from order_lines where id = ${order.lines[1]!.id})`);
  const shipped = report(order, 'DN-1', [2, 4]);
  shipped.lines[0] = { ...shipped.lines[0]!, lot: 'L2403', expiry_on: '2028-03-31', serial_numbers: ['SN-1', 'SN-2'] } as (typeof shipped.lines)[number];
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: shipped });
  expect(res.statusCode, res.body).toBe(201);
  // The order's organisation's buyer, and the other demo organisation's.
  const [own] = await query<{ hospital: boolean }>(t.app, sql`select o.organisation_id = (select organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER} limit 1) as hospital from orders o where o.id = ${order.id}`);
  buyer = own!.hospital ? HOSPITAL_BUYER : POLICE_BUYER;
  stranger = own!.hospital ? POLICE_BUYER : HOSPITAL_BUYER;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const url = (number: string, shipment: string) => `/api/v1/my-orders/${encodeURIComponent(number)}/shipments/${encodeURIComponent(shipment)}/delivery-note.pdf`;
const download = async (email: string | null, number = order.number, shipment = 'DN-1', language = 'en') =>
  t.app.inject({ url: url(number, shipment), headers: { 'accept-language': language, ...(email ? { authorization: `Bearer ${await accessToken(t.app, email)}` } : {}) } });

describe("a shipment's delivery note", () => {
  it("the order's buyer downloads it in the interface's language, each line with its lot, expiry and serial numbers and a code per unit", async () => {
    const res = await download(buyer, order.number, 'DN-1', 'nl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="delivery-note-DN-1.pdf"');
    const text = (await pdfPages(res.rawPayload)).join('\n');
    expect(text).toContain(`${DELIVERY_NOTE_LABELS.nl.title} DN-1`);
    expect(text).toContain('LOT L2403 · EXP 2028-03-31 · SN SN-1, SN-2');
    // Each code's element string beside it, one AI a line.
    expect(text).toContain(`(01)${UDI_DI} (17)280331 (10)L2403 (21)SN-1`);
    expect(text).toContain(`(01)${UDI_DI} (17)280331 (10)L2403 (21)SN-2`);
    expect(text).toContain('LOT LOT-1 · EXP 2028-02-29');
  });

  it('hands bwip-js one UDI per serial number, none for a product without a GS1 identifier, and the code reads back as the UDI', async () => {
    const line = { orderLineNo: 1, articleCode: 'IMP', name: 'Implant', gtin: null, udiDi: UDI_DI, mdrClass: 'III' as const, implantable: true, quantity: 2, unitCode: 'H87', lot: 'L2403', expiryOn: '2028-03-31', serialNumbers: ['SN-1', 'SN-2'] };
    const codes = noteCodes({ lines: [line, { ...line, udiDi: null }, { ...line, serialNumbers: [], lot: 'lot with space' }, { ...line, serialNumbers: [] }] });
    expect(codes).toEqual([
      { line: 0, hri: `(01)${UDI_DI}(17)280331(10)L2403(21)SN-1` },
      { line: 0, hri: `(01)${UDI_DI}(17)280331(10)L2403(21)SN-2` },
      { line: 3, hri: `(01)${UDI_DI}(17)280331(10)L2403` },
    ]);
    for (const code of codes) {
      const serial = /\(21\)(.*)$/.exec(code.hri)?.[1] ?? null;
      expect(await decode(await gs1DataMatrixPng(code.hri))).toBe(udiElementString({ gtin: UDI_DI, lot: 'L2403', expiryOn: '2028-03-31', serial }, 'raw'));
    }
  });

  it("another organisation's buyer, an unknown shipment or order, a bad id and a visitor get none", async () => {
    const other = await download(stranger);
    expect([other.statusCode, other.json().code]).toEqual([404, SHIPMENT_ERRORS.NOT_FOUND]);
    expect((await download(buyer, order.number, 'NO-SUCH')).statusCode).toBe(404);
    expect((await download(buyer, 'SO-NONE', 'DN-1')).statusCode).toBe(404);
    expect((await download(buyer, order.number, 'bad id!')).statusCode).toBe(400);
    expect((await download(null)).statusCode).toBe(401);
  });
});

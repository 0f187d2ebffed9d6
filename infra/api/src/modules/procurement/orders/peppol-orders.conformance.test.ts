// Peppol Orders in, Order Responses out (issue 34, decision 053). Every official example order
// (shared/conformance/peppol/ordering/examples/order) is received through the access point's
// endpoint against the demo hospital, adapted as a test copy: the BuyerCustomerParty EndpointID
// becomes the hospital's participant id (0208:0412345614), the order ID is made unique (several
// examples share ID 1), the currency becomes EUR (two are in NOK and SEK), and each line's item
// identifications are replaced by one of a demo contract product's (its article code as the
// SellersItemIdentification; the first example's first line by GTIN instead). Variations: short
// stock (CA, quantity changed), an unknown item (CA, line not accepted), an unknown buyer (RE).
// Every Order Response the portal generated is then validated against PEPPOLBIS-T76.sch in one
// Saxon run, with an official response (0 fatal) and a deliberately broken one (must fail).
// Database plus Saxon: runs in the PGlite pass (*.conformance.test.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCUREMENT_ORDER_ERRORS, type ReceivedPeppolOrder } from '@portal/shared/schemas';
import { contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../../test-support/integration-clients';
import { CONFORMANCE_DIR, fatal, PEPPOL_ORDERING_RULES, validateBatch } from '../../../test-support/schematron';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { renderOrderResponse } from '../protocol/peppol-order-response';
import { ordersCounted, ordersCountedSince } from '../../../test-support/orders-counter';

const EXAMPLES = join(CONFORMANCE_DIR, 'peppol/ordering/examples/order');
const T76 = PEPPOL_ORDERING_RULES.orderResponse;
const HOSPITAL_PEPPOL = { scheme: '0208', id: '0412345614' };

let t: TestApp;
let ap: TestIntegrationClient;
const products: { id: string; article_code: string }[] = [];
const GTIN = '05410000000017';

beforeAll(async () => {
  t = await startTestApp({ paymentExpiryIntervalMs: 0 });
  ap = await integrationClient(t.app, ['peppol:receive'], 'Access point');
  const contract = await contractOf(t.app, HOSPITAL_BUYER);
  for (let i = 0; i < 4; i++) {
    const p = await contractProduct(
      t.app,
      contract,
      sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.id not in ${[...products.map((x) => x.id), randomUUID()]}`,
    );
    products.push(p);
    await query(t.app, sql`update products set stock_level = 100000, low_stock_threshold = 0 where id = ${p.id}`);
  }
  await query(t.app, sql`update products set gtin = ${GTIN} where id = ${products[0]!.id}`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The test copy of an example order against the demo data (see the header). */
function adapt(xml: string, opts: { itemCodes?: (line: number) => { code?: string; gtin?: string }; buyer?: typeof HOSPITAL_PEPPOL } = {}): { xml: string; id: string } {
  const buyer = opts.buyer ?? HOSPITAL_PEPPOL;
  const id = `T-${randomUUID()}`;
  let line = 0;
  const out = xml
    // The order's own ID: the first cbc:ID after ProfileID.
    .replace(/(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]*(<\/cbc:ID>)/, `$1${id}$2`)
    .replace(/(<cbc:DocumentCurrencyCode[^>]*>)[^<]*/, '$1EUR')
    .replace(/currencyID="[A-Z]{3}"/g, 'currencyID="EUR"')
    .replace(/(<cac:BuyerCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID )schemeID="[^"]*">[^<]*/, `$1schemeID="${buyer.scheme}">${buyer.id}`)
    .replace(/<cac:LineItem>([\s\S]*?)<\/cac:LineItem>/g, (_all, body: string) => {
      const n = line++;
      const wanted = opts.itemCodes?.(n) ?? { code: products[n % products.length]!.article_code };
      const ids =
        (wanted.code ? `<cac:SellersItemIdentification><cbc:ID>${wanted.code}</cbc:ID></cac:SellersItemIdentification>` : '') +
        (wanted.gtin ? `<cac:StandardItemIdentification><cbc:ID schemeID="0160">${wanted.gtin}</cbc:ID></cac:StandardItemIdentification>` : '');
      const cleaned = body.replace(/<cac:(Buyers|Sellers|Standard|Manufacturers)ItemIdentification>[\s\S]*?<\/cac:\1ItemIdentification>/g, '');
      // After the item's Name (UBL order: Description, …, Name, …, BuyersItemIdentification, SellersItemIdentification, …, StandardItemIdentification).
      const withIds = /<cac:Item>[\s\S]*?<\/cbc:Name>/.test(cleaned)
        ? cleaned.replace(/(<cac:Item>[\s\S]*?<\/cbc:Name>)/, `$1${ids}`)
        : cleaned.replace(/<cac:Item>/, `<cac:Item>${ids}`);
      return `<cac:LineItem>${withIds}</cac:LineItem>`;
    });
  return { xml: out, id };
}

const send = (xml: string, headers: Record<string, string> = ap.headers) =>
  t.app.inject({ method: 'POST', url: '/api/integration/v1/peppol/orders', headers: { ...headers, 'content-type': 'application/xml' }, payload: xml });

/** Every Order Response the portal generated in this file: name → XML (read back from the development access point's folder). */
const generated = new Map<string, string>();
function sentResponse(received: ReceivedPeppolOrder): string {
  const file = join(t.app.apiEnv.dataDir, 'access-point', received.id, 'document.xml');
  expect(existsSync(file), `the response of ${received.buyer_order_id} was handed to the access point`).toBe(true);
  const xml = readFileSync(file, 'utf8');
  generated.set(`${received.buyer_order_id}.xml`, xml);
  return xml;
}

describe('receiving Peppol orders', () => {
  it('receives every official example (adapted to the demo hospital), places it and answers AP through the access point', async () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const [i, file] of files.entries()) {
      const { xml, id } = adapt(readFileSync(join(EXAMPLES, file), 'utf8'), i === 0 ? { itemCodes: (n) => (n === 0 ? { gtin: GTIN } : { code: products[n % products.length]!.article_code }) } : {});
      const res = await send(xml);
      expect(res.statusCode, `${file}: ${res.body}`).toBe(200);
      const body = res.json() as ReceivedPeppolOrder;
      expect(body, file).toMatchObject({ buyer_order_id: id, response_code: 'AP', response_status: 'sent', replayed: false });
      expect(body.order_number).toMatch(/^SO-/);
      const [order] = await query<{ external_reference: string; organisation: string }>(
        t.app,
        sql`select o.external_reference, org.peppol_participant_id as organisation from orders o join organisations org on org.id = o.organisation_id where o.id = ${body.order_id}`,
      );
      expect(order).toEqual({ external_reference: id, organisation: '0208:0412345614' });
      const response = sentResponse(body);
      expect(response).toContain('<cbc:OrderResponseCode>AP</cbc:OrderResponseCode>');
      expect(response).toContain(`<cbc:ID>${id}</cbc:ID>`);
    }
  });

  it('answers the same order again with the first outcome and changes nothing', async () => {
    const { xml } = adapt(readFileSync(join(EXAMPLES, 'UC1_Order.xml'), 'utf8'));
    const counted = await ordersCounted();
    const first = (await send(xml)).json() as ReceivedPeppolOrder;
    sentResponse(first);
    // One Peppol order on the orders counter (decision 084); the replay below adds none.
    expect(await ordersCountedSince(counted)).toEqual({ peppol: 1 });
    const stock = await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${products[0]!.id}`);
    const again = await send(xml);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, replayed: true });
    expect(await query<{ s: number }>(t.app, sql`select stock_level as s from products where id = ${products[0]!.id}`)).toEqual(stock);
    expect(await query<{ n: string }>(t.app, sql`select count(*)::text as n from orders where external_reference = ${first.buyer_order_id}`)).toEqual([{ n: '1' }]);
    expect(await ordersCountedSince(counted)).toEqual({ peppol: 1 });
  });

  it('accepts with changes: short stock reduced to what is available (3), an unknown item not accepted (7)', async () => {
    await query(t.app, sql`update products set stock_level = 4 where id = ${products[1]!.id}`);
    // UC1: three lines of 10, 5 and 15: the first asks 10 of a product with 4, the second names nothing the portal sells.
    const { xml } = adapt(readFileSync(join(EXAMPLES, 'UC1_Order.xml'), 'utf8'), {
      itemCodes: (n) => (n === 0 ? { code: products[1]!.article_code } : n === 1 ? { code: 'NO-SUCH-ARTICLE' } : { code: products[2]!.article_code }),
    });
    const counted = await ordersCounted();
    const res = await send(xml);
    const body = res.json() as ReceivedPeppolOrder;
    expect(body).toMatchObject({ response_code: 'CA', response_status: 'sent' });
    // The first attempt, refused for its short stock and rolled back, is not counted: one order, one count.
    expect(await ordersCountedSince(counted)).toEqual({ peppol: 1 });
    const lines = await query<{ product_id: string; quantity: number }>(t.app, sql`select product_id, quantity from order_lines where order_id = ${body.order_id} order by quantity`);
    expect(lines).toEqual(
      [
        { product_id: products[1]!.id, quantity: 4 },
        { product_id: products[2]!.id, quantity: 15 },
      ].sort((a, b) => a.quantity - b.quantity),
    );
    const response = sentResponse(body);
    expect(response).toMatch(/<cbc:ID>1<\/cbc:ID>\s*<cbc:LineStatusCode>3<\/cbc:LineStatusCode>\s*<cbc:Quantity unitCode="NAR">4<\/cbc:Quantity>/);
    expect(response).toMatch(/<cbc:ID>2<\/cbc:ID>\s*<cbc:LineStatusCode>7<\/cbc:LineStatusCode>/);
    expect(response).toMatch(/<cbc:ID>3<\/cbc:ID>\s*<cbc:LineStatusCode>5<\/cbc:LineStatusCode>/);
  });

  it('rejects (RE) an order whose buyer is no customer, and one with nothing it can place, placing nothing', async () => {
    const before = await query<{ n: string }>(t.app, sql`select count(*)::text as n from orders`);
    const counted = await ordersCounted();
    const stranger = adapt(readFileSync(join(EXAMPLES, 'UC6_Order.xml'), 'utf8'), { buyer: { scheme: '0088', id: '7300010000001' } });
    const refused = (await send(stranger.xml)).json() as ReceivedPeppolOrder;
    expect(refused).toMatchObject({ response_code: 'RE', order_id: null, response_status: 'sent' });
    expect(sentResponse(refused)).toContain('<cbc:OrderResponseCode>RE</cbc:OrderResponseCode>');
    const nothing = adapt(readFileSync(join(EXAMPLES, 'UC6_Order.xml'), 'utf8'), { itemCodes: () => ({ code: 'NO-SUCH-ARTICLE' }) });
    const none = (await send(nothing.xml)).json() as ReceivedPeppolOrder;
    expect(none).toMatchObject({ response_code: 'RE', order_id: null });
    expect(none.response_note).toContain('unknown item');
    sentResponse(none);
    expect(await query<{ n: string }>(t.app, sql`select count(*)::text as n from orders`)).toEqual(before);
    expect(await ordersCountedSince(counted)).toEqual({});
  });

  it('refuses what is not a readable order (400, 422) and callers without the scope (401, 403)', async () => {
    expect((await send('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><a></Order>')).json().code).toBe(PROCUREMENT_ORDER_ERRORS.XML_REFUSED);
    const notOrder = await send('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect([notOrder.statusCode, notOrder.json().code]).toEqual([422, PROCUREMENT_ORDER_ERRORS.NOT_AN_ORDER]);
    const other = await integrationClient(t.app, ['orders:read']);
    const { xml } = adapt(readFileSync(join(EXAMPLES, 'UC6_Order.xml'), 'utf8'));
    expect((await send(xml, other.headers)).statusCode).toBe(403);
    expect((await send(xml, {})).statusCode).toBe(401);
  });

  it('every Order Response generated validates against PEPPOLBIS-T76 with 0 fatal; a broken one fails', async () => {
    expect(generated.size).toBeGreaterThanOrEqual(10);
    const official = 'official-UC2_Order_response.xml';
    const broken = 'broken-CA-without-lines.xml';
    const documents = new Map([
      ...generated,
      [official, readFileSync(join(CONFORMANCE_DIR, 'peppol/ordering/examples/order-response/UC2_Order_response.xml'), 'utf8')],
      [
        broken,
        renderOrderResponse({
          id: 'broken',
          issuedAt: new Date(),
          code: 'CA',
          note: null,
          orderId: '1',
          salesOrderId: null,
          currency: 'EUR',
          seller: { endpoint: '0208:0999999922', name: 'Seller' },
          buyer: { endpoint: '0208:0412345614', name: null },
          lines: [],
        }),
      ],
    ]);
    const report = await validateBatch(T76, documents);
    const fatals = [...report.results].map(([name, found]) => [name, fatal(found).map((f) => `${f.id}: ${f.text}`)] as const);
    console.log(`T76: ${documents.size} documents in ${report.seconds.toFixed(1)} s; fatal per document:`, Object.fromEntries(fatals.map(([n, f]) => [n, f.length])));
    for (const [name, found] of fatals) {
      if (name === broken) expect(found.some((f) => f.startsWith('PEPPOL-T76-R007')), name).toBe(true);
      else expect(found, name).toEqual([]);
    }
  }, 300_000);
});

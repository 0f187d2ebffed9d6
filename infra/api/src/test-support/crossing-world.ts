// The crossing suite's world (issue 40, "tests that cross features"): one app on its own database
// with the demo hospital (Belgian) and police unit (made a Dutch business registered for VAT,
// delivered in the Netherlands), products at 21 % and 6 % priced to round badly (7.90 × 3 at 6 %),
// a bundle where the contract has one, and the entry points as the outside drives them: the
// buyer's cart, preview, placement and order page; the approver's decision; a procurement system's
// cXML OrderRequest; an access point's Peppol Order; the warehouse's shipment report; the buyer's
// invoices. Every step goes through the routes (app.inject); the database is read only to check
// what the routes say against what is stored, and to set up the organisations' facts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashProcurementSecret } from '../modules/procurement/identities';
import { procurementIdentities } from '../modules/procurement/tables';
import { WEBSHOP_CUSTOMER } from '../seed/accounts';
import { accessToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from './demo-buyers';
import { integrationClient, type TestIntegrationClient } from './integration-clients';
import { defaultAddresses, fillCart, SUBMITTER } from './placement';
import { CONFORMANCE_DIR } from './schematron';
import type { TestApp } from './test-app';

export const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
export { HOSPITAL_BUYER, POLICE_BUYER, WEBSHOP_CUSTOMER };
export const HOSPITAL_PEPPOL = { scheme: '0208', id: '0412345614' };
export const CXML_IDENTITY = 'AN-CROSSING-1';
export const CXML_SECRET = 'crossing-procurement-secret';

/** The organisations the matrix crosses: who buys, in which shop, delivered where. */
export const BUYERS = {
  /** Belgian hospital, Belgian VAT: Belgian VAT (S) on every line. */
  hospital: { email: HOSPITAL_BUYER, shop: 'portal' },
  /** Dutch business with a valid VAT number, delivered in NL: intra-community supply (K), no Belgian VAT (defect 1). */
  'nl-business': { email: POLICE_BUYER, shop: 'portal' },
  /** Web-shop consumer: always Belgian VAT. */
  webshop: { email: WEBSHOP_CUSTOMER, shop: 'medical' },
} as const;
export type BuyerKey = keyof typeof BUYERS;

/** Slots of products each buyer can order: 0 at 21 % (19.99), 1 at 6 % (7.90: 3 × 7.90 at 6 % is defect 2), 2 a bundle where there is one. */
const RATES_BP = [2100, 600, 2100];
const PRICES = [1999, 790, 4550];

export interface World {
  t: TestApp;
  app: FastifyInstance;
  tokens: Record<string, string>;
  products: Record<'hospital' | 'nl-business' | 'webshop', string[]>;
  warehouse: TestIntegrationClient;
  accessPoint: TestIntegrationClient;
  orgs: { hospital: string; police: string };
  users: Record<string, string>;
}

export const userId = async (app: FastifyInstance, email: string) => (await query<{ id: string }>(app, sql`select id from users where email = ${email}`))[0]!.id;
const orgOf = async (app: FastifyInstance, email: string) =>
  (await query<{ id: string }>(app, sql`select m.organisation_id as id from memberships m join users u on u.id = m.user_id where u.email = ${email} limit 1`))[0]!.id;

export async function prepareWorld(t: TestApp): Promise<World> {
  const app = t.app;
  const hospitalContract = await contractOf(app, HOSPITAL_BUYER);
  const policeContract = await contractOf(app, POLICE_BUYER);
  // Each group its own products (a product in two contracts would take the last group's price and rate).
  const taken: string[] = [randomUUID()];
  const pick = async (where: ReturnType<typeof sql>) => {
    const ids = (
      await query<{ id: string }>(
        app,
        sql`select p.id from products p where ${where} and p.active and not p.price_on_request and p.id not in ${taken} order by (p.kind = 'bundle') desc, p.article_code limit 3`,
      )
    ).map((r) => r.id);
    taken.push(...ids);
    return ids;
  };
  const inContract = (c: string) => sql`exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${c} and cp.price_cents is not null)`;
  const picked = {
    hospital: await pick(inContract(hospitalContract)),
    'nl-business': await pick(inContract(policeContract)),
    webshop: await pick(sql`p.shop in ('medical', 'both') and not p.contract_only and p.price_cents is not null`),
  };
  // Slot order: the bundle (if any) goes last so slots 0 and 1 are plain products at the rates above.
  const products = {} as World['products'];
  for (const [key, ids] of Object.entries(picked) as [keyof World['products'], string[]][]) {
    if (ids.length < 3) throw new Error(`the seed has fewer than three products for ${key}`);
    const ordered = [ids[1]!, ids[2]!, ids[0]!];
    products[key] = ordered;
    for (const [i, id] of ordered.entries()) {
      await query(app, sql`update products set vat_rate_bp = ${RATES_BP[i]!}, stock_level = 1000000, low_stock_threshold = 0, backorder_allowed = true, price_cents = ${PRICES[i]!} where id = ${id}`);
      await query(app, sql`update contract_prices set price_cents = ${PRICES[i]!} where product_id = ${id} and contract_id in (${hospitalContract}, ${policeContract})`);
    }
  }
  await query(app, sql`insert into discount_codes (code, kind, value, active) values ('CROSS125', 'percent', 1250, true) on conflict do nothing`);
  const orgs = { hospital: await orgOf(app, HOSPITAL_BUYER), police: await orgOf(app, POLICE_BUYER) };
  // The police unit as a Dutch business registered for VAT (as the customer import leaves one), delivered in the Netherlands.
  await query(app, sql`update organisations set client_type = 'B2B', country = 'NL', vat_number = 'NL001234567B01' where id = ${orgs.police}`);
  await query(
    app,
    sql`update addresses set country = 'NL', postal_code = '1012 AB', city = 'Amsterdam'
        where organisation_id = ${orgs.police} or user_id in (select user_id from memberships where organisation_id = ${orgs.police})`,
  );
  // The procurement system's cXML identity for the hospital (as the cXML tests make one).
  const lucasId = await userId(app, HOSPITAL_BUYER);
  await app.database.db.insert(procurementIdentities).values({
    organisationId: orgs.hospital,
    protocol: 'cxml',
    domain: 'NetworkID',
    identity: CXML_IDENTITY,
    secretHash: await hashProcurementSecret(CXML_SECRET),
    userId: lucasId,
    returnOrigins: ['https://procurement.example'],
  });
  const tokens: Record<string, string> = {};
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, WEBSHOP_CUSTOMER, HOSPITAL_ADMIN]) tokens[email] = await accessToken(app, email);
  const users: Record<string, string> = {};
  for (const email of [HOSPITAL_BUYER, POLICE_BUYER, HOSPITAL_ADMIN]) users[email] = await userId(app, email);
  return {
    t,
    app,
    tokens,
    products,
    orgs,
    users,
    warehouse: await integrationClient(app, ['shipments:write', 'orders:read'], 'Crossing warehouse'),
    accessPoint: await integrationClient(app, ['peppol:receive'], 'Crossing access point'),
  };
}

/** Request headers of a person; the request's language is English on purpose (mails must not follow it). */
export const as = (w: World, email: string, shop = 'portal', extra: Record<string, string> = {}) => ({
  'x-shop-type': shop,
  'accept-language': 'en',
  authorization: `Bearer ${w.tokens[email]!}`,
  ...extra,
});

export async function setCart(w: World, email: string, lines: { product_id: string; quantity: number }[], shop = 'portal') {
  await query(w.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${email})`);
  await fillCart(w.app, w.tokens[email]!, lines, shop);
}

export async function checkoutBody(w: World, email: string, extra: Record<string, unknown> = {}) {
  return { ...(await defaultAddresses(w.app, w.tokens[email]!)), shipping_method: 'standard', submitter: SUBMITTER, ...extra };
}

export interface Totals {
  excl_vat: number;
  vat: number;
  incl_vat: number;
}
export const pickTotals = (x: Totals): Totals => ({ excl_vat: x.excl_vat, vat: x.vat, incl_vat: x.incl_vat });

/** What the portal's buyer sees on the way to a placed order: cart, previews (bare and as ordered), the placement's answer. */
export async function portalOrder(w: World, email: string, shop: string, lines: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  await setCart(w, email, lines, shop);
  const h = as(w, email, shop);
  const cart = await w.app.inject({ url: '/api/v1/cart', headers: h });
  expect(cart.statusCode, cart.body).toBe(200);
  const body = await checkoutBody(w, email, extra);
  const [delivery] = await query<{ country: string }>(w.app, sql`select country from addresses where id = ${body.delivery_address_id}`);
  const bare = await w.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: h, payload: { delivery_country: delivery!.country } });
  expect(bare.statusCode, bare.body).toBe(200);
  const { discount_code, cost_centre_id } = extra as { discount_code?: string; cost_centre_id?: string };
  const preview = await w.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/preview',
    headers: h,
    payload: { delivery_country: delivery!.country, shipping_method: 'standard', ...(discount_code ? { discount_code } : {}), ...(cost_centre_id ? { cost_centre_id } : {}) },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const placed = await w.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...h, 'idempotency-key': randomUUID() }, payload: body });
  return {
    cart: cart.json().total as { excl_vat: number; incl_vat: number },
    bare: pickTotals(bare.json().totals),
    preview: pickTotals(preview.json().totals),
    placed,
  };
}

/** The buyer's order page (my-orders) of an order id. */
export async function orderPage(w: World, email: string, orderId: string, shop = 'portal') {
  const [{ number }] = (await query<{ number: string }>(w.app, sql`select number from orders where id = ${orderId}`)) as [{ number: string }];
  const page = await w.app.inject({ url: `/api/v1/my-orders/${encodeURIComponent(number)}`, headers: as(w, email, shop) });
  expect(page.statusCode, page.body).toBe(200);
  return { number, page: page.json() as { status: string; totals: Totals; total_incl_vat: number } };
}

/** The total of the order's first integration event (what the ERP is told). */
export async function eventTotal(w: World, orderId: string) {
  const [event] = await query<{ payload: { total_cents: number } }>(
    w.app,
    sql`select payload from integration_events where aggregate_id = ${orderId} and aggregate_type = 'order' order by sequence limit 1`,
  );
  return event?.payload.total_cents;
}

/** Moves an order placed on account to where the warehouse may ship it, as staff would. */
export async function readyToShip(w: World, orderId: string) {
  await query(w.app, sql`update orders set status = 'processing' where id = ${orderId} and status = 'ordered'`);
}

/** The warehouse reports shipments of the order: one per entry of `parts` (each a quantity per line, by article code order). */
export async function ship(w: World, orderId: string, number: string, parts: number[][]) {
  const lines = await query<{ article_code: string; quantity: number }>(w.app, sql`select article_code, quantity from order_lines where order_id = ${orderId} order by article_code`);
  for (const [n, quantities] of parts.entries()) {
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/integration/v1/shipments',
      headers: w.warehouse.headers,
      payload: {
        shipment_id: `CROSS-${number}-${n}`,
        order_number: number,
        carrier: 'bpost',
        tracking_reference: `3SCROSS${n}`,
        tracking_url: `https://track.example/parcel/3SCROSS${n}`,
        shipped_on: '2026-11-27',
        expected_delivery_on: '2026-11-30',
        lines: lines.flatMap((l, i) => (quantities[i] ? [{ article_code: l.article_code, quantity: quantities[i]!, lot: `LOT-${i}`, expiry_on: '2028-02-29' }] : [])),
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return lines;
}

/** The invoices the buyer finds for an order, summed (a partial shipment has several). */
export async function invoicedTotals(w: World, email: string, orderId: string, shop = 'portal') {
  const list = await w.app.inject({ url: `/api/v1/invoices?order=${orderId}`, headers: as(w, email, shop) });
  expect(list.statusCode, list.body).toBe(200);
  const items = (list.json() as { items: (Totals & { kind: string; total_excl_vat: number; total_incl_vat: number })[] }).items.filter((i) => i.kind === 'invoice');
  return {
    count: items.length,
    totals: items.reduce((s, i) => ({ excl_vat: s.excl_vat + i.total_excl_vat, vat: s.vat + i.vat, incl_vat: s.incl_vat + i.total_incl_vat }), { excl_vat: 0, vat: 0, incl_vat: 0 }),
  };
}

// --- procurement systems -------------------------------------------------------------------------

export const articleOf = async (w: World, productId: string) => (await query<{ a: string }>(w.app, sql`select article_code as a from products where id = ${productId}`))[0]!.a;

/** A cXML OrderRequest (the cXML User's Guide's shape) from the hospital's procurement system; `costCentre` as a Distribution/Accounting segment on each line. */
export function cxmlOrderRequest(orderId: string, items: { code: string; quantity: number }[], costCentre?: string) {
  const distribution = costCentre
    ? `<Distribution><Accounting name="DistributionCharge"><Segment type="CostCenter" id="${costCentre}" description="Ward"/></Accounting><Charge><Money currency="EUR">0.00</Money></Charge></Distribution>`
    : '';
  const lines = items
    .map(
      (it, i) => `
      <ItemOut quantity="${it.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${it.code}</SupplierPartID></ItemID>
        <ItemDetail><Description xml:lang="en">Item ${i + 1}</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
        ${distribution}
      </ItemOut>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${randomUUID()}@buyer.example" timestamp="2026-11-27T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${CXML_IDENTITY}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>999999922</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${CXML_IDENTITY}</Identity><SharedSecret>${CXML_SECRET}</SharedSecret></Credential><UserAgent>Crossing</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${orderId}" orderDate="2026-11-27T10:00:00+01:00" type="new">
        <Total><Money currency="EUR">0.00</Money></Total>
      </OrderRequestHeader>${lines}
    </OrderRequest>
  </Request>
</cXML>`;
}

export async function postCxml(w: World, xml: string) {
  const res = await w.app.inject({ method: 'POST', url: '/api/punchout/cxml/order', headers: { 'content-type': 'text/xml' }, payload: xml });
  const m = res.body.match(/<Status code="(\d+)"/);
  return { http: res.statusCode, code: Number(m?.[1]), body: res.body };
}

const PEPPOL_EXAMPLE = join(CONFORMANCE_DIR, 'peppol/ordering/examples/order/UC1_Order.xml');

/** The official UC1 Peppol Order as the hospital's, its lines naming `codes` (one per line, cycled), with `cbc:AccountingCost` in the header where given. */
export function peppolOrder(codes: string[], costCentre?: string): { xml: string; id: string } {
  const id = `CROSS-${randomUUID()}`;
  let line = 0;
  let xml = readFileSync(PEPPOL_EXAMPLE, 'utf8')
    .replace(/(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]*(<\/cbc:ID>)/, `$1${id}$2`)
    .replace(/(<cbc:DocumentCurrencyCode[^>]*>)[^<]*/, '$1EUR')
    .replace(/currencyID="[A-Z]{3}"/g, 'currencyID="EUR"')
    .replace(/(<cac:BuyerCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID )schemeID="[^"]*">[^<]*/, `$1schemeID="${HOSPITAL_PEPPOL.scheme}">${HOSPITAL_PEPPOL.id}`)
    .replace(/<cac:LineItem>([\s\S]*?)<\/cac:LineItem>/g, (_all, body: string) => {
      const code = codes[line++ % codes.length]!;
      const ids = `<cac:SellersItemIdentification><cbc:ID>${code}</cbc:ID></cac:SellersItemIdentification>`;
      const cleaned = body.replace(/<cac:(Buyers|Sellers|Standard|Manufacturers)ItemIdentification>[\s\S]*?<\/cac:\1ItemIdentification>/g, '');
      const withIds = /<cac:Item>[\s\S]*?<\/cbc:Name>/.test(cleaned) ? cleaned.replace(/(<cac:Item>[\s\S]*?<\/cbc:Name>)/, `$1${ids}`) : cleaned.replace(/<cac:Item>/, `<cac:Item>${ids}`);
      return `<cac:LineItem>${withIds}</cac:LineItem>`;
    });
  // The example's own AccountingCost values are its buyer's bookkeeping: only the cost centre asked for is named.
  xml = xml.replace(/<cbc:AccountingCost>[^<]*<\/cbc:AccountingCost>/g, '');
  if (costCentre) {
    xml = xml.replace(/(<cbc:DocumentCurrencyCode[^>]*>[^<]*<\/cbc:DocumentCurrencyCode>)/, `$1<cbc:AccountingCost>${costCentre}</cbc:AccountingCost>`);
  }
  return { xml, id };
}

export async function postPeppol(w: World, xml: string) {
  const res = await w.app.inject({ method: 'POST', url: '/api/integration/v1/peppol/orders', headers: { ...w.accessPoint.headers, 'content-type': 'application/xml' }, payload: xml });
  return { http: res.statusCode, body: res.json() as { response_code: string; order_id: string | null; order_number: string | null } };
}

// --- budgets and approvals -----------------------------------------------------------------------

export async function costCentre(w: World, code: string, budgetCents: number, buyerEmails: string[]) {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/cost-centres',
    headers: as(w, HOSPITAL_ADMIN),
    payload: { code, name: `Ward ${code}`, budget_cents: budgetCents, period: 'month', buyer_ids: buyerEmails.map((e) => w.users[e]!) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** What the cost centre has spent, and the totals of the orders charged to it (order_cost_centres). */
export async function spending(w: World, costCentreId: string) {
  const [s] = await query<{ spent: string | null }>(w.app, sql`select sum(spent_cents)::text as spent from cost_centre_spending where cost_centre_id = ${costCentreId}`);
  const [o] = await query<{ orders: string | null; n: number }>(
    w.app,
    sql`select sum(o.total_cents)::text as orders, count(*)::int as n from order_cost_centres l join orders o on o.id = l.order_id
        where l.cost_centre_id = ${costCentreId} and o.status not in ('payment_failed', 'payment_cancelled', 'payment_expired')`,
  );
  return { spent: Number(s!.spent ?? 0), charged: Number(o!.orders ?? 0), orders: o!.n };
}

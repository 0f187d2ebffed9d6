// Procurement orders against an organisation with budgets and approval rules (issue 40, item 3;
// decision 059). The cost centre the document names (cXML Distribution/Accounting/Segment of type
// CostCenter or the type the administrator set; Peppol cbc:AccountingCost, the line's or the
// header's) is charged; an unknown one is refused in the protocol's terms (cXML Status 400, Peppol
// Order Response RE with the reason), in the language of the user the order is placed for; a
// document naming none is charged to the default the administrator set for that procurement system,
// and without one refused. Approval rules do not hold a procurement order (the procurement system
// approved it; decision 059), the budget does. PGlite, and PostgreSQL with DATABASE_URL set.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_ERRORS, ProcurementSystemsSchema, ReceivedPeppolOrderSchema } from '@portal/shared/schemas';
import { hashProcurementSecret } from '../identities';
import { procurementIdentities } from '../tables';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../../test-support/integration-clients';
import { headers } from '../../../test-support/placement';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const HOSPITAL_PEPPOL = '0208:0412345614';
const SECRET = 'cost-centre-test-secret';
const IDENTITY = 'AN01000000077';

let t: TestApp;
let ap: TestIntegrationClient;
let admin: string;
let identityId: string;
let product: { id: string; article_code: string };
const centres: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ authRequestLimit: 100_000, paymentExpiryIntervalMs: 0 } as never);
  admin = await accessToken(t.app, HOSPITAL_ADMIN);
  ap = await integrationClient(t.app, ['peppol:receive'], 'Access point');
  const [buyer] = await query<{ user_id: string; organisation_id: string }>(
    t.app,
    sql`select m.user_id, m.organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER}`,
  );
  await query(t.app, sql`update organisations set peppol_participant_id = ${HOSPITAL_PEPPOL} where id = ${buyer!.organisation_id}`);
  const [identity] = await t.app.database.db
    .insert(procurementIdentities)
    .values({ organisationId: buyer!.organisation_id, protocol: 'cxml', domain: 'NetworkID', identity: IDENTITY, secretHash: await hashProcurementSecret(SECRET), userId: buyer!.user_id, returnOrigins: ['https://procurement.example'] })
    .returning({ id: procurementIdentities.id });
  identityId = identity!.id;
  product = await contractProduct(t.app, await contractOf(t.app, HOSPITAL_BUYER), sql`cp.price_cents is not null and p.active and p.kind = 'product' and not p.price_on_request`);
  await query(t.app, sql`update products set stock_level = 100000, low_stock_threshold = 0 where id = ${product.id}`);
  // Two cost centres assigned to nobody: a procurement system charges the organisation's, not a buyer's.
  for (const code of ['WARD-A', 'WARD-B']) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cost-centres', headers: headers(admin), payload: { code, name: `Ward ${code}`, budget_cents: 100_000_000, period: 'year', buyer_ids: [] } });
    expect(res.statusCode, res.body).toBe(201);
    centres[code] = res.json().id as string;
  }
  // Every portal order of the organisation needs approval.
  const rule = await t.app.inject({ method: 'POST', url: '/api/v1/approval-rules', headers: headers(admin), payload: { kind: 'order_total_above', amount_cents: 0 } });
  expect(rule.statusCode, rule.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

function cxmlOrder(orderId: string, segments: { type: string; id: string }[]) {
  const accounting = segments.length
    ? `<Distribution><Accounting name="Buyer accounting">${segments.map((s) => `<Segment type="${s.type}" id="${s.id}" description="${s.id}"/>`).join('')}</Accounting><Charge><Money currency="EUR">0.00</Money></Charge></Distribution>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${randomUUID()}@buyer.example" timestamp="2026-11-27T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${IDENTITY}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>999999922</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${IDENTITY}</Identity><SharedSecret>${SECRET}</SharedSecret></Credential><UserAgent>Test</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${orderId}" orderDate="2026-11-27T10:00:00+01:00" type="new"><Total><Money currency="EUR">0.00</Money></Total></OrderRequestHeader>
      <ItemOut quantity="1" lineNumber="1">
        <ItemID><SupplierPartID>${product.article_code}</SupplierPartID></ItemID>
        <ItemDetail><Description xml:lang="en">Item</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
        ${accounting}
      </ItemOut>
    </OrderRequest>
  </Request>
</cXML>`;
}

function peppolOrder(orderId: string, costs: { header?: string; line?: string }) {
  const cbc = (name: string, value: string | undefined) => (value ? `<cbc:${name}>${value}</cbc:${name}>` : '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:ordering:3</cbc:ProfileID>
  <cbc:ID>${orderId}</cbc:ID>
  <cbc:IssueDate>2026-11-27</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  ${cbc('AccountingCost', costs.header)}
  <cac:BuyerCustomerParty><cac:Party><cbc:EndpointID schemeID="0208">0412345614</cbc:EndpointID><cac:PartyLegalEntity><cbc:RegistrationName>Zorggroep</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:BuyerCustomerParty>
  <cac:SellerSupplierParty><cac:Party><cbc:EndpointID schemeID="0208">0999999922</cbc:EndpointID></cac:Party></cac:SellerSupplierParty>
  <cac:OrderLine><cac:LineItem>
    <cbc:ID>1</cbc:ID>
    <cbc:Quantity unitCode="C62">1</cbc:Quantity>
    ${cbc('AccountingCost', costs.line)}
    <cac:Item><cbc:Name>Item</cbc:Name><cac:SellersItemIdentification><cbc:ID>${product.article_code}</cbc:ID></cac:SellersItemIdentification></cac:Item>
  </cac:LineItem></cac:OrderLine>
</Order>`;
}

const postCxml = (xml: string) => t.app.inject({ method: 'POST', url: '/api/punchout/cxml/order', headers: { 'content-type': 'text/xml' }, payload: xml });
const postPeppol = async (xml: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/v1/peppol/orders', headers: { ...ap.headers, 'content-type': 'application/xml' }, payload: xml });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return v.parse(ReceivedPeppolOrderSchema, res.json());
};
function status(body: string) {
  const m = body.match(/<Status code="(\d+)" text="[^"]*"(?:\/>|>([\s\S]*?)<\/Status>)/);
  return { code: Number(m?.[1]), text: m?.[2]?.trim() ?? '' };
}
/** The cost centre the order with this buyer order id was charged to (null: none), and how much. */
async function charged(buyerOrderId: string) {
  const rows = await query<{ code: string | null; amount: number | null; total: number }>(
    t.app,
    sql`select c.code, c.amount_cents::float8 as amount, o.total_cents as total from orders o left join order_cost_centres c on c.order_id = o.id where o.external_reference = ${buyerOrderId}`,
  );
  return rows[0] ?? null;
}
const setSystem = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/cost-centres/procurement-systems', headers: headers(admin), payload });
const pendingRequests = async () => (await query<{ n: number }>(t.app, sql`select count(*)::int as n from approval_requests`))[0]!.n;
const setLocale = (locale: string) => query(t.app, sql`update users set locale = ${locale} where email = ${HOSPITAL_BUYER}`);

describe('a cXML OrderRequest against an organisation with budgets', () => {
  it('charges the cost centre its CostCenter segment names, placed without approval though a rule matches', async () => {
    const before = await pendingRequests();
    const orderId = `PO-${randomUUID().slice(0, 8)}`;
    const res = await postCxml(cxmlOrder(orderId, [{ type: 'GLAccount', id: '6100' }, { type: 'CostCenter', id: 'WARD-A' }]));
    expect(res.statusCode, res.body).toBe(200);
    const row = await charged(orderId);
    expect(row).toMatchObject({ code: 'WARD-A' });
    expect(row!.amount).toBe(row!.total);
    expect(await pendingRequests()).toBe(before);
  });

  it('refuses an unknown cost centre with a cXML 400 in the buyer’s language, placing nothing', async () => {
    await setLocale('fr');
    try {
      const orderId = `PO-${randomUUID().slice(0, 8)}`;
      const res = await postCxml(cxmlOrder(orderId, [{ type: 'Cost Center', id: 'NOPE' }]));
      expect(res.statusCode).toBe(400);
      const s = status(res.body);
      expect(s.code).toBe(400);
      expect(s.text).toContain("Le centre de coûts NOPE n'est pas un centre de coûts actif");
      expect(s.text).toContain(BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED);
      expect(await charged(orderId)).toBeNull();
    } finally {
      await setLocale('nl');
    }
  });

  it('without a cost centre: refused, until the administrator sets a default for the identity, which is then charged', async () => {
    const first = `PO-${randomUUID().slice(0, 8)}`;
    const refused = await postCxml(cxmlOrder(first, []));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(status(refused.body).text).toContain(BUDGET_ERRORS.COST_CENTRE_REQUIRED);

    const list = v.parse(ProcurementSystemsSchema, (await t.app.inject({ url: '/api/v1/cost-centres/procurement-systems', headers: headers(admin) })).json());
    expect(list.items).toEqual(
      expect.arrayContaining([
        { channel: 'cxml', sender: identityId, label: `NetworkID ${IDENTITY}`, default_cost_centre_id: null, segment_type: null },
        { channel: 'peppol', sender: HOSPITAL_PEPPOL, label: HOSPITAL_PEPPOL, default_cost_centre_id: null, segment_type: null },
      ]),
    );
    const set = await setSystem({ channel: 'cxml', sender: identityId, default_cost_centre_id: centres['WARD-B'] });
    expect(set.statusCode, set.body).toBe(200);
    const second = `PO-${randomUUID().slice(0, 8)}`;
    const res = await postCxml(cxmlOrder(second, []));
    expect(res.statusCode, res.body).toBe(200);
    expect(await charged(second)).toMatchObject({ code: 'WARD-B' });
    // A segment that names one still wins over the default.
    const third = `PO-${randomUUID().slice(0, 8)}`;
    expect((await postCxml(cxmlOrder(third, [{ type: 'CostCenter', id: 'WARD-A' }]))).statusCode).toBe(200);
    expect(await charged(third)).toMatchObject({ code: 'WARD-A' });
  });

  it('reads the segment type the administrator configured', async () => {
    expect((await setSystem({ channel: 'cxml', sender: identityId, default_cost_centre_id: null, segment_type: 'Kostenstelle' })).statusCode).toBe(200);
    try {
      const orderId = `PO-${randomUUID().slice(0, 8)}`;
      const res = await postCxml(cxmlOrder(orderId, [{ type: 'CostCenter', id: 'WARD-B' }, { type: 'Kostenstelle', id: 'WARD-A' }]));
      expect(res.statusCode, res.body).toBe(200);
      expect(await charged(orderId)).toMatchObject({ code: 'WARD-A' });
    } finally {
      await setSystem({ channel: 'cxml', sender: identityId, default_cost_centre_id: null, segment_type: null });
    }
  });

  it('an order over what is left is refused with the budget’s reason (409)', async () => {
    await query(t.app, sql`update cost_centres set budget_cents = 1 where id = ${centres['WARD-B']!}`);
    try {
      const orderId = `PO-${randomUUID().slice(0, 8)}`;
      const res = await postCxml(cxmlOrder(orderId, [{ type: 'CostCenter', id: 'WARD-B' }]));
      expect(res.statusCode, res.body).toBe(409);
      expect(status(res.body).text).toContain(BUDGET_ERRORS.EXCEEDED);
      expect(status(res.body).text).toContain('WARD-B');
      expect(await charged(orderId)).toBeNull();
    } finally {
      await query(t.app, sql`update cost_centres set budget_cents = 100000000 where id = ${centres['WARD-B']!}`);
    }
  });
});

describe('a Peppol Order against an organisation with budgets', () => {
  it("charges the header's AccountingCost, and a line's where it names one; placed without approval", async () => {
    const before = await pendingRequests();
    const header = await postPeppol(peppolOrder(`T-${randomUUID()}`, { header: 'WARD-A' }));
    expect(header.response_code, header.response_note ?? '').toBe('AP');
    expect(await charged(header.buyer_order_id)).toMatchObject({ code: 'WARD-A' });
    const line = await postPeppol(peppolOrder(`T-${randomUUID()}`, { header: 'WARD-A', line: 'WARD-B' }));
    expect(line.response_code, line.response_note ?? '').toBe('AP');
    expect(await charged(line.buyer_order_id)).toMatchObject({ code: 'WARD-B' });
    expect(await pendingRequests()).toBe(before);
  });

  it('answers RE with the reason for an unknown cost centre, and for none until a default is set', async () => {
    const unknown = await postPeppol(peppolOrder(`T-${randomUUID()}`, { header: 'NOPE' }));
    expect(unknown.response_code).toBe('RE');
    expect(unknown.response_note).toContain('NOPE');
    expect(unknown.response_note).toContain(BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED);
    expect(unknown.order_id).toBeNull();
    const stored = await query<{ xml: string }>(t.app, sql`select response_xml as xml from procurement_orders where id = ${unknown.id}`);
    expect(stored[0]!.xml).toContain('<cbc:OrderResponseCode>RE</cbc:OrderResponseCode>');
    expect(stored[0]!.xml).toContain(BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED);

    const none = await postPeppol(peppolOrder(`T-${randomUUID()}`, {}));
    expect(none.response_code).toBe('RE');
    expect(none.response_note).toContain(BUDGET_ERRORS.COST_CENTRE_REQUIRED);

    expect((await setSystem({ channel: 'peppol', sender: HOSPITAL_PEPPOL, default_cost_centre_id: centres['WARD-B'] })).statusCode).toBe(200);
    const defaulted = await postPeppol(peppolOrder(`T-${randomUUID()}`, {}));
    expect(defaulted.response_code, defaulted.response_note ?? '').toBe('AP');
    expect(await charged(defaulted.buyer_order_id)).toMatchObject({ code: 'WARD-B' });
  });
});

describe('the procurement systems’ settings', () => {
  it('refuses another organisation’s identity and a cost centre that is not the organisation’s', async () => {
    const foreign = await setSystem({ channel: 'peppol', sender: '0208:0000000000', default_cost_centre_id: null });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: BUDGET_ERRORS.PROCUREMENT_SYSTEM_NOT_FOUND });
    const missing = await setSystem({ channel: 'cxml', sender: identityId, default_cost_centre_id: randomUUID() });
    expect(missing.statusCode).toBe(422);
    const buyer = await t.app.inject({ url: '/api/v1/cost-centres/procurement-systems', headers: headers(await accessToken(t.app, HOSPITAL_BUYER)) });
    expect(buyer.statusCode).toBe(403);
  });
});

// The punchout round trips through the API: cXML setup (create, edit, inspect) answered with a
// one-time start URL, the start signing the punchout user in, the transfer's page posting a
// PunchOutOrderMessage with the contract's prices; OCI the same with NEW_ITEM fields; refusals
// (bad secret, return origin, used and expired links, hostile XML) as cXML Status documents.
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUNCHOUT_ERRORS } from '@portal/shared/schemas';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { BILLION_LAUGHS_XML, setupRequestXml, XXE_XML, type SampleOptions } from './cxml-samples';

const BUYER_ORIGIN = 'https://procurement.buyer.example';
let t: TestApp;
let contract: string;
let products: { id: string; article_code: string; price_cents: number; product_code: string | null }[];

beforeAll(async () => {
  t = await startTestApp({ demoPunchout: true, demoPunchoutReturnOrigins: [BUYER_ORIGIN], publicBaseUrl: 'https://portal.example' });
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  products = await query(
    t.app,
    sql`select p.id, p.article_code, cp.price_cents, p.product_code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contract}
        where cp.price_cents is not null and p.active and p.stock_level > 20 and p.kind = 'product' order by p.article_code limit 3`,
  );
});
afterAll(async () => {
  await t?.close();
});

let ip = 0;
const remoteAddress = () => `10.34.${Math.floor(++ip / 250)}.${ip % 250}`;
const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'ItemIn' });

const setup = (xml: string, contentType = 'text/xml') => t.app.inject({ method: 'POST', url: '/api/punchout/cxml/setup', remoteAddress: remoteAddress(), headers: { 'content-type': contentType }, payload: xml });

/** The StartPage URL's path of a successful setup. */
async function startPath(options: SampleOptions = {}): Promise<string> {
  const res = await setup(setupRequestXml(options));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/xml');
  const doc = xmlParser.parse(res.body);
  expect(doc.cXML.Response.Status['@code']).toBe('200');
  const url = new URL(doc.cXML.Response.PunchOutSetupResponse.StartPage.URL as string);
  expect(url.origin).toBe('https://portal.example');
  return url.pathname;
}

/** Opens a start URL: the access token of the session it signs in. */
async function start(path: string): Promise<string> {
  const res = await t.app.inject({ url: path, remoteAddress: remoteAddress() });
  expect(res.statusCode, res.body).toBe(303);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const tokens = cookies.find((c) => c.startsWith('tokens='))!;
  expect(cookies.some((c) => c.startsWith('punchout=1'))).toBe(true);
  return JSON.parse(decodeURIComponent(tokens.split(';')[0]!.slice('tokens='.length))).access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'x-shop-type': 'portal', 'accept-language': 'en' });
const addToCart = (token: string, productId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: bearer(token), payload: { product_id: productId, quantity } });
const cartOf = async (token: string) => (await t.app.inject({ url: '/api/v1/cart', headers: bearer(token) })).json() as { lines: { product_id: string; quantity: number }[] };

/** Transfers the cart: the page's form (action, target, fields) and its policy. */
async function transfer(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/punchout/transfer', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const page = await t.app.inject({ url: res.json().transfer_url, remoteAddress: remoteAddress() });
  expect(page.statusCode).toBe(200);
  const again = await t.app.inject({ url: res.json().transfer_url, remoteAddress: remoteAddress() });
  expect(again.statusCode).toBe(410);
  const html = page.body;
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)] as const);
  const action = unescape(/<form [^>]*action="([^"]*)"/.exec(html)![1]!);
  const target = /<form [^>]*target="([^"]*)"/.exec(html)?.[1] ?? null;
  return { csp: page.headers['content-security-policy'] as string, action, target, fields, html };
}

describe('cXML punchout', () => {
  it('sets up, starts once, and transfers a PunchOutOrderMessage with the contract prices to the BrowserFormPost URL', async () => {
    const path = await startPath();
    const token = await start(path);
    // The start URL works once.
    const reused = await t.app.inject({ url: path, remoteAddress: remoteAddress() });
    expect(reused.statusCode).toBe(410);
    expect(reused.headers['content-type']).toContain('text/html');

    const session = await t.app.inject({ url: '/api/v1/punchout/session', headers: bearer(token) });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toEqual({ protocol: 'cxml', operation: 'create', return_host: 'procurement.buyer.example' });

    const [a, b] = products;
    expect((await addToCart(token, a!.id, 2)).statusCode).toBe(200);
    expect((await addToCart(token, b!.id, 1)).statusCode).toBe(200);
    const form = await transfer(token);
    expect(form.action).toBe(`${BUYER_ORIGIN}/punchout?return=1&x=2`);
    expect(form.csp).toContain(`form-action ${BUYER_ORIGIN};`);
    expect(form.html).toContain('<button type="submit">Transfer cart</button>');
    expect(form.fields.map(([name]) => name)).toEqual(['cxml-urlencoded']);
    const doc = xmlParser.parse(form.fields[0]![1]);
    const message = doc.cXML.Message.PunchOutOrderMessage;
    expect(String(message.BuyerCookie)).toBe('34234234ADFSDF234234');
    expect(message.PunchOutOrderMessageHeader['@operationAllowed']).toBe('edit');
    // The setup's To is the message's From; its From the message's To.
    expect(doc.cXML.Header.From.Credential['@domain']).toBe('DUNS');
    expect(String(doc.cXML.Header.From.Credential.Identity)).toBe('123456789');
    expect(String(doc.cXML.Header.To.Credential.Identity)).toBe('942888710');
    type Line = { quantity: number; code: string; price: number; currency: string; unit: string; description: string };
    type ItemIn = { '@quantity': string; ItemID: { SupplierPartID: string }; ItemDetail: { UnitPrice: { Money: { '#text': string; '@currency': string } }; UnitOfMeasure: string; Description: { '#text': string } } };
    const lines: Line[] = (message.ItemIn as ItemIn[]).map((item) => ({
      quantity: Number(item['@quantity']),
      code: String(item.ItemID.SupplierPartID),
      price: Math.round(Number(item.ItemDetail.UnitPrice.Money['#text']) * 100),
      currency: item.ItemDetail.UnitPrice.Money['@currency'],
      unit: item.ItemDetail.UnitOfMeasure,
      description: item.ItemDetail.Description['#text'],
    }));
    expect(lines.map(({ quantity, code, price, currency }) => ({ quantity, code, price, currency }))).toEqual([
      { quantity: 2, code: a!.article_code, price: a!.price_cents, currency: 'EUR' },
      { quantity: 1, code: b!.article_code, price: b!.price_cents, currency: 'EUR' },
    ]);
    expect(lines.every((l) => /^[A-Z0-9]{2,3}$/.test(l.unit) && l.description.length > 0)).toBe(true);
    // The session is over once its cart has left.
    expect((await t.app.inject({ url: '/api/v1/punchout/session', headers: bearer(token) })).statusCode).toBe(404);
  });

  it('restores the cart from the ItemOut lines of an edit, and marks an inspect message inspect-only', async () => {
    const [a, b, c] = products;
    const token = await start(await startPath({ operation: 'edit', items: [{ code: a!.article_code, quantity: 3 }, { code: c!.article_code, quantity: 1 }, { code: 'NO-SUCH-CODE', quantity: 1 }] }));
    const cart = await cartOf(token);
    expect(cart.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [a!.id, 3],
      [c!.id, 1],
    ]);
    void b;
    const inspect = await start(await startPath({ operation: 'inspect', items: [{ code: b!.article_code, quantity: 2 }] }));
    expect((await cartOf(inspect)).lines.map((l) => [l.product_id, l.quantity])).toEqual([[b!.id, 2]]);
    const form = await transfer(inspect);
    expect(xmlParser.parse(form.fields[0]![1]).cXML.Message.PunchOutOrderMessage.PunchOutOrderMessageHeader['@operationAllowed']).toBe('inspect');
    // A create starts from an empty cart.
    const fresh = await start(await startPath());
    expect((await cartOf(fresh)).lines).toEqual([]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/punchout/transfer', headers: bearer(fresh) });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe(PUNCHOUT_ERRORS.CART_EMPTY);
  });

  it('refuses a wrong secret, an unknown sender and a return URL outside the identity\'s origins with cXML status codes', async () => {
    const status = (body: string) => xmlParser.parse(body).cXML.Response.Status;
    for (const options of [{ secret: 'wrong-secret' }, { senderIdentity: 'SOMEONE-ELSE' }]) {
      const res = await setup(setupRequestXml(options));
      expect(res.statusCode).toBe(401);
      expect(status(res.body)['@code']).toBe('401');
      expect(status(res.body)['@text']).toBe('Unauthorized');
    }
    for (const url of ['https://evil.example/punchout', 'http://procurement.buyer.example/punchout', 'javascript:alert(1)', 'https://procurement.buyer.example.evil.example/']) {
      const res = await setup(setupRequestXml({ browserFormPost: url }));
      expect(res.statusCode, url).toBe(403);
      expect(status(res.body)['@code']).toBe('403');
    }
  });

  it('opens in the language xml:lang asks, else the user\'s (issue 44)', async () => {
    const opened = async (lang?: string) => {
      const started = await t.app.inject({ url: await startPath(lang === undefined ? {} : { lang }), remoteAddress: remoteAddress() });
      expect(started.statusCode, started.body).toBe(303);
      return started.headers.location;
    };
    expect(await opened('nl-BE')).toBe('/nl');
    expect(await opened('fr-FR')).toBe('/fr');
    expect(await opened('NL')).toBe('/nl');
    await query(t.app, sql`update users set locale = 'nl' where id = (select user_id from procurement_identities where protocol = 'cxml' limit 1)`);
    try {
      expect(await opened('de-DE')).toBe('/nl');
    } finally {
      await query(t.app, sql`update users set locale = 'en' where id = (select user_id from procurement_identities where protocol = 'cxml' limit 1)`);
    }
  });

  it('refuses an expired start URL', async () => {
    const path = await startPath();
    await query(t.app, sql`update punchout_sessions set start_expires_at = now() - interval '1 second' where started_at is null`);
    const res = await t.app.inject({ url: path, remoteAddress: remoteAddress() });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This punchout link does not work');
  });

  it('refuses hostile and malformed XML: external entities, entity expansion, too large, not XML, not a setup request', async () => {
    const cases: [string, string, number][] = [
      [XXE_XML, 'text/xml', 400],
      [BILLION_LAUGHS_XML, 'application/xml', 400],
      [`<cXML>${'x'.repeat(300 * 1024)}</cXML>`, 'text/xml', 413],
      ['{"not":"xml"}', 'application/json', 400],
      ['<cXML><Header></cXML>', 'text/xml', 400],
      ['<cXML><Request><OrderRequest/></Request></cXML>', 'text/xml', 400],
    ];
    for (const [body, type, expected] of cases) {
      const res = await setup(body, type);
      expect(res.statusCode, body.slice(0, 40)).toBe(expected);
      expect(res.headers['content-type']).toContain('text/xml');
      expect(xmlParser.parse(res.body).cXML.Response.Status['@code']).toBe(String(expected));
      expect(res.body).not.toContain('root:');
    }
  });

  it('is not a punchout for a password sign-in', async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const res = await t.app.inject({ url: '/api/v1/punchout/session', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(PUNCHOUT_ERRORS.NOT_PUNCHOUT);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/punchout/transfer', headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('SAP OCI punchout', () => {
  const oci = (fields: Record<string, string>, method: 'GET' | 'POST' = 'GET') =>
    method === 'GET'
      ? t.app.inject({ url: `/api/punchout/oci?${new URLSearchParams(fields)}`, remoteAddress: remoteAddress() })
      : t.app.inject({ method: 'POST', url: '/api/punchout/oci', remoteAddress: remoteAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const entry = { USERNAME: 'demo-hospital-oci', PASSWORD: 'demo-punchout-secret', HOOK_URL: `${BUYER_ORIGIN}/sap/bc/gui/oci_hook`, '~TARGET': '_top', '~OkCode': 'ADDI' };

  it('opens with USERNAME, PASSWORD and HOOK_URL and posts NEW_ITEM fields to the HOOK_URL into ~TARGET', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await oci(entry, method);
      expect(res.statusCode, res.body).toBe(303);
      const token = await start(new URL(res.headers.location as string).pathname);
      const [a, b] = products;
      await addToCart(token, a!.id, 2);
      await addToCart(token, b!.id, 5);
      const form = await transfer(token);
      expect(form.action).toBe(entry.HOOK_URL);
      expect(form.target).toBe('_top');
      const fields = new Map(form.fields);
      expect(fields.get('NEW_ITEM-VENDORMAT[1]')).toBe(a!.article_code);
      expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('2');
      expect(fields.get('NEW_ITEM-PRICE[1]')).toBe((a!.price_cents / 100).toFixed(2));
      expect(fields.get('NEW_ITEM-CURRENCY[1]')).toBe('EUR');
      expect(fields.get('NEW_ITEM-PRICEUNIT[1]')).toBe('1');
      expect(fields.get('NEW_ITEM-VENDORMAT[2]')).toBe(b!.article_code);
      expect(fields.get('NEW_ITEM-QUANTITY[2]')).toBe('5');
      expect(fields.get('NEW_ITEM-PRICE[2]')).toBe((b!.price_cents / 100).toFixed(2));
      expect(fields.get('NEW_ITEM-DESCRIPTION[1]')!.length).toBeLessThanOrEqual(40);
      expect(fields.get('NEW_ITEM-UNIT[1]')).toMatch(/^[A-Z0-9]{2,3}$/);
      expect(fields.has('NEW_ITEM-LONGTEXT_1:132[]')).toBe(true);
      expect(form.html).toContain('accept-charset="UTF-8"');
    }
  });

  it('opens in the language LANGUAGE asks (ISO or SAP codes), else the user\'s, never the call\'s Accept-Language (issue 44)', async () => {
    const opened = async (fields: Record<string, string>) => {
      const res = await t.app.inject({ url: `/api/punchout/oci?${new URLSearchParams(fields)}`, remoteAddress: remoteAddress(), headers: { 'accept-language': 'en' } });
      expect(res.statusCode, res.body).toBe(303);
      const started = await t.app.inject({ url: new URL(res.headers.location as string).pathname, remoteAddress: remoteAddress() });
      expect(started.statusCode, started.body).toBe(303);
      return started.headers.location;
    };
    expect(await opened({ ...entry, LANGUAGE: 'NL' })).toBe('/nl');
    expect(await opened({ ...entry, LANGUAGE: 'FR' })).toBe('/fr');
    expect(await opened({ ...entry, LANGUAGE: 'N' })).toBe('/nl');
    expect(await opened({ ...entry, LANGUAGE: 'f' })).toBe('/fr');
    expect(await opened({ ...entry, LANGUAGE: 'EN' })).toBe('/en');
    await query(t.app, sql`update users set locale = 'fr' where id = (select user_id from procurement_identities where identity = ${entry.USERNAME})`);
    try {
      expect(await opened(entry)).toBe('/fr');
      expect(await opened({ ...entry, LANGUAGE: 'DE' })).toBe('/fr');
    } finally {
      await query(t.app, sql`update users set locale = 'en' where id = (select user_id from procurement_identities where identity = ${entry.USERNAME})`);
    }
  });

  it('refuses a wrong password, a HOOK_URL elsewhere and a missing HOOK_URL', async () => {
    const wrong = await oci({ ...entry, PASSWORD: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(PUNCHOUT_ERRORS.BAD_CREDENTIAL);
    const elsewhere = await oci({ ...entry, HOOK_URL: 'https://evil.example/hook' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe(PUNCHOUT_ERRORS.ORIGIN_NOT_ALLOWED);
    const { HOOK_URL: _, ...noHook } = entry;
    expect((await oci(noHook)).statusCode).toBe(400);
  });
});

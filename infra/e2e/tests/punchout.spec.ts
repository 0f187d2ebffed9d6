// Punchout (issue 34): a procurement system's page, served by this test on the port the demo punchout
// identity allows, punches out to the portal (cXML PunchOutSetupRequest from its server, then the
// start URL in the browser); the buyer adds two products and transfers the cart, and the page
// receives a PunchOutOrderMessage whose lines carry the contract's prices; the checkout's steps opened
// by URL meanwhile say the cart goes back, and the API refuses an order. Then the edit operation
// brings the same cart back from the message's lines. Axe on the punchout-mode pages.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PROCUREMENT_PORT_FILE, BASE_URL } from '../portal-server.config';
import { expect, expectAccessible, passwordGrant, test } from './fixtures';

const DEMO_SECRET = 'demo-punchout-secret';

interface ReceivedLine {
  code: string;
  quantity: number;
  priceCents: number;
}

/** The procurement system: its page, its server-side setup request, and the messages it received. */
class ProcurementSystem {
  readonly received: string[] = [];
  private server!: Server;
  private lastLines: ReceivedLine[] = [];
  constructor(readonly port: number) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private body(req: IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  }

  private setupXml(operation: 'create' | 'edit', items: ReceivedLine[]) {
    const itemOut = items
      .map((l, i) => `<ItemOut quantity="${l.quantity}" lineNumber="${i + 1}"><ItemID><SupplierPartID>${l.code}</SupplierPartID></ItemID></ItemOut>`)
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${Date.now()}@procurement.test" timestamp="${new Date().toISOString()}" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-HOSPITAL</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>MEDTAC</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>DEMO-HOSPITAL-PROCUREMENT</Identity><SharedSecret>${DEMO_SECRET}</SharedSecret></Credential><UserAgent>Test procurement</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="${operation}"><BuyerCookie>cookie-${operation}</BuyerCookie>
    <BrowserFormPost><URL>${this.origin}/punchout/return</URL></BrowserFormPost>${itemOut}</PunchOutSetupRequest></Request>
</cXML>`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const page = (title: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`);
    };
    if (req.method === 'GET' && req.url === '/') {
      return page('Procurement', '<form method="post" action="/punchout/create"><button>Shop at the supplier</button></form><form method="post" action="/punchout/edit"><button>Edit the last cart</button></form>');
    }
    if (req.method === 'POST' && (req.url === '/punchout/create' || req.url === '/punchout/edit')) {
      await this.body(req);
      // The procurement system's server asks the portal for a start URL (server to server).
      const operation = req.url.endsWith('edit') ? 'edit' : 'create';
      const answer = await fetch(`${BASE_URL}/api/punchout/cxml/setup`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: this.setupXml(operation, operation === 'edit' ? this.lastLines : []) });
      const xml = await answer.text();
      const url = /<URL>([^<]+)<\/URL>/.exec(xml)?.[1];
      if (answer.status !== 200 || !url) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        return res.end(`setup refused: ${answer.status} ${xml}`);
      }
      // The e2e server's PUBLIC_BASE_URL is the default (localhost:8080): the start URL's path on the server under test.
      const start = new URL(url);
      res.writeHead(303, { location: `${BASE_URL}${start.pathname}` });
      return res.end();
    }
    if (req.method === 'POST' && req.url === '/punchout/return') {
      const form = new URLSearchParams(await this.body(req));
      const message = form.get('cxml-urlencoded') ?? '';
      this.received.push(message);
      this.lastLines = linesOf(message);
      return page('Cart received', `<p data-testid="received-lines">${this.lastLines.length} lines</p>`);
    }
    res.writeHead(404);
    res.end();
  }
}

/** The ItemIn lines of a PunchOutOrderMessage (a regular-expression read: the test checks the shape it expects). */
function linesOf(message: string): ReceivedLine[] {
  return [...message.matchAll(/<ItemIn quantity="(\d+)"[\s\S]*?<SupplierPartID>([^<]+)<\/SupplierPartID>[\s\S]*?<UnitPrice>\s*<Money currency="EUR">([\d.]+)<\/Money>/g)].map((m) => ({
    quantity: Number(m[1]),
    code: m[2]!,
    priceCents: Math.round(Number(m[3]) * 100),
  }));
}

let procurement: ProcurementSystem;
test.beforeAll(async () => {
  procurement = new ProcurementSystem(Number(readFileSync(PROCUREMENT_PORT_FILE, 'utf8')));
  await procurement.start();
});
test.afterAll(async () => {
  await procurement?.stop();
});

test('a procurement system punches out, the buyer transfers two products at contract prices, and edits the cart again', async ({ page, request, pageErrors }) => {
  await page.goto(procurement.origin);
  await page.getByRole('button', { name: 'Shop at the supplier' }).click();

  // Signed in as the hospital's punchout user, in punchout mode: the header says where the cart goes.
  const banner = page.getByTestId('punchout-banner');
  await expect(banner).toContainText('127.0.0.1', { timeout: 60_000 });
  await page.goto('/en/my-products');
  await expect(page.getByTestId('punchout-banner')).toBeVisible();
  // Axe before the adds: their confirmations come and go over the page.
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expectAccessible(page);
  const cards = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: 'Add to cart' }) });
  await cards.nth(0).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');
  await cards.nth(1).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '2');

  // The checkout's steps opened by URL do not order a punchout's cart (decision 052): they say
  // where it goes, with the way back to the cart; the API refuses the order itself too.
  await page.goto('/en/checkout/extra-info');
  const orderThere = page.getByTestId('punchout-order-there');
  await expect(orderThere).toContainText('This cart goes back to your procurement system');
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  const tokens = (await page.context().cookies()).find((c) => c.name === 'tokens');
  const auth = { authorization: `Bearer ${(JSON.parse(decodeURIComponent(tokens!.value)) as { access_token: string }).access_token}`, 'x-shop-type': 'portal' };
  const book = (await (await request.get('/api/v1/addresses', { headers: auth })).json()) as { id: string; type: string }[];
  const placed = await request.post('/api/v1/orders', {
    headers: { ...auth, 'idempotency-key': `punchout-e2e-${Date.now()}` },
    data: {
      billing_address_id: book.find((a) => a.type === 'billing')!.id,
      delivery_address_id: book.find((a) => a.type === 'shipping')!.id,
      shipping_method: 'standard',
      submitter: { first_name: 'Punch', last_name: 'Out', function: 'Buyer', full_name: 'Punch Out', declaration: true },
    },
  });
  expect(placed.status(), await placed.text()).toBe(409);
  expect(((await placed.json()) as { code: string }).code).toBe('PUNCHOUT_ORDER_IN_PROCUREMENT');
  await orderThere.getByRole('link', { name: 'Back to the cart to transfer it' }).click();

  await expect(page).toHaveURL(/\/en\/checkout\/overview$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  // Checkout is replaced by the transfer.
  await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toHaveCount(0);
  const transfer = page.getByRole('button', { name: 'Transfer cart' });
  await expect(transfer).toBeVisible();
  await expectAccessible(page);
  await transfer.click();

  // The transfer page posts itself to the procurement system.
  await expect(page.getByTestId('received-lines')).toHaveText('2 lines', { timeout: 60_000 });
  expect(procurement.received).toHaveLength(1);
  const message = procurement.received[0]!;
  expect(message).toContain('<BuyerCookie>cookie-create</BuyerCookie>');
  const lines = linesOf(message);
  expect(lines).toHaveLength(2);

  // The prices are the contract's: what the hospital's catalogue shows for the same article codes.
  const { access_token } = await passwordGrant(request);
  const priced = await request.post('/api/v1/catalog/quick-order', {
    headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal' },
    data: { lines: lines.map((l) => ({ code: l.code, quantity: 1 })) },
  });
  expect(priced.status(), await priced.text()).toBe(200);
  const contract = ((await priced.json()) as { lines: { code: string; product: { price: { excl_vat: number } | null } | null }[] }).lines;
  for (const line of lines) {
    expect(line.quantity).toBe(1);
    expect(line.priceCents, line.code).toBe(contract.find((c) => c.code === line.code)?.product?.price?.excl_vat);
  }

  // Edit: the procurement system sends the lines back; the cart holds them again.
  await page.goto(procurement.origin);
  await page.getByRole('button', { name: 'Edit the last cart' }).click();
  await expect(page.getByTestId('punchout-banner')).toBeVisible({ timeout: 60_000 });
  await page.goto('/en/checkout/overview');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Transfer cart' }).click();
  await expect(page.getByTestId('received-lines')).toHaveText('2 lines', { timeout: 60_000 });
  expect(procurement.received).toHaveLength(2);
  expect(procurement.received[1]).toContain('<BuyerCookie>cookie-edit</BuyerCookie>');
  expect(linesOf(procurement.received[1]!).map((l) => l.code).sort()).toEqual(lines.map((l) => l.code).sort());
  expect(pageErrors).toEqual([]);
});

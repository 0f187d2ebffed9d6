import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from '../portal-server.config';
import { expect, expectAccessible, newBuyer, passwordGrant, signIn, test } from './fixtures';
import { dataMatrixVideo } from './scan-video';

// Issue 42 "Scan to order", decision 075: a buyer scans a GS1 DataMatrix with the camera (Chromium's
// fake capture device playing a video of one) and a wedge scanner types into quick order; each
// scanned product lands in the cart at the contract price; an unknown or non-contract GTIN is said
// so in the buyer's language. The cart page takes the same scans in a field of its own (decision 082).
// The buyer is a fresh one (its cart is this journey's own).

const HOSPITAL_ADMIN = { email: 'sophie.peeters@zorggroep-scheldeland.example', password: 'DemoPortal!2025' };
const GS = '\u001d';

type Item = { id: string; name: string; article_code: string; stock_state: string; orderable: boolean; max_quantity: number; price: { excl_vat: number } | null };

async function range(request: APIRequestContext, token: string, shop = 'portal', language = 'en'): Promise<Item[]> {
  const res = await request.get('/api/v1/catalog/products?page_size=96', { headers: { authorization: `Bearer ${token}`, 'x-shop-type': shop, 'accept-language': language } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
}

/**
 * The GTIN-13 the demo seed gives a product: its company prefix 5400001, the product's number (its
 * article code is prefix-(100000 + 37 × number)) and the one check digit the API accepts (the others
 * it refuses with CATALOG_GTIN_CHECK_DIGIT): the journey does not carry a copy of the GS1 rule.
 */
async function demoGtin(request: APIRequestContext, token: string, articleCode: string): Promise<string> {
  const number = (Number(articleCode.split('-').pop()) - 100000) / 37;
  const body = `5400001${String(number).padStart(5, '0')}`;
  for (const digit of '0123456789') {
    const res = await request.get(`/api/v1/catalog/gtin/${body}${digit}`, { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    if (res.status() === 200) return `${body}${digit}`;
    expect(((await res.json()) as { code: string }).code).toBe('CATALOG_GTIN_CHECK_DIGIT');
  }
  throw new Error(`no GTIN for ${articleCode}`);
}

/** A price as the English pages write it (LOCALE_TAGS.en). */
const euros = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A Chromium whose camera is the fake device: Chromium's own test pattern, or `video` looped. */
function cameraBrowser(video?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', ...(video ? [`--use-file-for-fake-video-capture=${video}`] : [])],
  });
}
async function cameraPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, userAgent: test.info().project.use.userAgent });
  await context.grantPermissions(['camera'], { origin: BASE_URL });
  return context.newPage();
}

let buyer: { email: string; password: string };
let token: string;
let first: Item;
let second: Item;
/** More of the contract's orderable products, for the cart page's scan. */
let others: Item[];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(180_000);
  buyer = await newBuyer(request, browser, HOSPITAL_ADMIN, { first_name: 'Ines', last_name: 'Wouters', domain: 'zorggroep-scheldeland.example' });
  token = (await passwordGrant(request, buyer)).access_token;
  const orderable = (await range(request, token)).filter((i) => i.orderable && i.stock_state === 'in_stock' && i.price && i.max_quantity > 5);
  [first, second] = [orderable[0]!, orderable[1]!];
  others = orderable.slice(2);
});

test('the camera dialog is labelled, accessible, closes on Escape and gives the focus back', async ({ request }) => {
  const browser = await cameraBrowser();
  try {
    const page = await cameraPage(browser);
    await signIn(page, request, buyer);
    await page.goto('/en/quick-order');
    const open = page.getByRole('button', { name: 'Scan with camera' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Scan with your camera' });
    await expect(dialog).toBeVisible();
    // Chromium's test pattern plays: the camera started, and no code is in it.
    await expect(dialog.getByText('Hold the barcode or DataMatrix code in front of the camera.')).toBeVisible();
    await expect.poll(() => page.getByTestId('camera-scan-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // The camera is off once the dialog is closed.
    await expect(page.getByTestId('camera-scan-video')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('a GS1 DataMatrix held to the camera goes into the cart at the contract price', async ({ request }) => {
  const gtin = await demoGtin(request, token, first.article_code);
  const browser = await cameraBrowser(dataMatrixVideo(`(01)0${gtin}`, `scan-${gtin}`));
  try {
    const page = await cameraPage(browser);
    await signIn(page, request, buyer);
    await page.goto('/en/quick-order');
    await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    // The dialog reads the code, closes, and the product is in the cart at the contract's price.
    await expect(page.getByTestId('scan-outcome')).toHaveText(`${first.name} added to your cart at ${euros(first.price!.excl_vat)} excl. VAT, your contract price.`, { timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');
    const cart = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    // The cart priced the line itself: the contract's price, as for any other line.
    const lines = ((await cart.json()) as { lines: { product_id: string; quantity: number; unit_price: { excl_vat: number } | null }[] }).lines;
    expect(lines.map((l) => [l.product_id, l.quantity, l.unit_price?.excl_vat])).toEqual([[first.id, 1, first.price!.excl_vat]]);
  } finally {
    await browser.close();
  }
});

test('a wedge scanner types into quick order: a scan goes into the cart, typing stays typing, unknown and non-contract codes are said so', async ({ page, request }) => {
  const gtin = await demoGtin(request, token, second.article_code);
  await page.goto('/en');
  await signIn(page, request, buyer);
  await page.goto('/en/quick-order');
  const lines = page.getByLabel('Lines');
  const outcome = page.getByTestId('scan-outcome');
  // The cart's lines so far (the camera's scan), as the header shows them once it has read the cart.
  const cart = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
  const count = ((await cart.json()) as { lines: unknown[] }).lines.length;
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count));

  // A person's line and Enter: a new line, nothing scanned.
  await lines.pressSequentially('NW-1 2', { delay: 120 });
  await lines.press('Enter');
  await expect(lines).toHaveValue('NW-1 2\n');
  await expect(outcome).toHaveAttribute('data-kind', '');

  // The scanner: the symbology identifier, AI (01) and the GTIN's 14 digits, Enter.
  await page.keyboard.type(`]d201${gtin.padStart(14, '0')}`);
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveText(`${second.name} added to your cart at ${euros(second.price!.excl_vat)} excl. VAT, your contract price.`);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count + 1));
  // The scan left the person's lines as they were.
  await expect(lines).toHaveValue('NW-1 2\n');

  // A GTIN nobody sells (GS1-128's identifier this time).
  await page.keyboard.type(']C10104006381333931');
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveText('GTIN 04006381333931 is not in our catalogue.');

  // An element string with a lot, the GS separator and an expiry, read by the GS1 parser: the
  // product is added like the one above (its lot is under no recall).
  await page.keyboard.type(`]d201${gtin.padStart(14, '0')}10LOT42`);
  await page.keyboard.insertText(GS);
  await page.keyboard.type('17271231');
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveText(`${second.name} added to your cart at ${euros(second.price!.excl_vat)} excl. VAT, your contract price.`);
  // The same product again: one more unit on its line (the header counts lines).
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count + 1));
  // A wrong check digit is refused with the parser's own words.
  await page.keyboard.type(`]d201${gtin.slice(0, -1).padStart(13, '0')}${(Number(gtin.slice(-1)) + 1) % 10}`);
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveAttribute('data-kind', 'unreadable');
  await expect(lines).toHaveValue('NW-1 2\n');

  // In Dutch, a product outside the contract (shown in the public shop as such to this buyer).
  const outside = (await range(request, token, 'medical', 'nl')).find((i) => i.stock_state === 'not_within_contract')!;
  const outsideGtin = await demoGtin(request, token, outside.article_code);
  await page.goto('/nl/quick-order');
  await page.getByLabel('Regels').focus();
  await page.keyboard.type(`]d201${outsideGtin.padStart(14, '0')}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-outcome')).toHaveText(`${outside.name} (GTIN ${outsideGtin.padStart(14, '0')}) maakt geen deel uit van uw contract.`);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count + 1));
});

test("a wedge scanner types into the cart page's scan field: the product goes into the cart at the contract price, typing stays typing", async ({ page, request }) => {
  // A product the lookup finds in the contract (not every demo article follows the GTIN numbering).
  let pick: Item | undefined;
  let gtin = '';
  for (const candidate of others) {
    gtin = await demoGtin(request, token, candidate.article_code);
    const found = await request.get(`/api/v1/catalog/gtin/${gtin}`, { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    if (((await found.json()) as { status: string }).status === 'found') {
      pick = candidate;
      break;
    }
  }
  if (!pick) throw new Error('no orderable contract product with a GTIN');
  const third = pick;
  const cartLines = async () => {
    const cart = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    return ((await cart.json()) as { lines: { product_id: string; quantity: number; unit_price: { excl_vat: number } | null }[] }).lines;
  };
  const count = (await cartLines()).length;
  await page.goto('/en');
  await signIn(page, request, buyer);
  await page.goto('/en/checkout/overview');
  const field = page.getByLabel('Scanned code');
  const outcome = page.getByTestId('scan-outcome');
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count));

  // A person typing the same digits, and Enter: the text stays in the field, nothing is scanned.
  await field.pressSequentially(gtin, { delay: 120 });
  await field.press('Enter');
  await expect(field).toHaveValue(gtin);
  await expect(outcome).toHaveAttribute('data-kind', '');
  await field.fill('');

  // The scanner: the symbology identifier, AI (01) and the GTIN's 14 digits, Enter.
  await page.keyboard.type(`]d201${gtin.padStart(14, '0')}`);
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveText(`${third.name} added to your cart at ${euros(third.price!.excl_vat)} excl. VAT, your contract price.`);
  await expect(field).toHaveValue('');
  // The cart on the page refreshed: the scanned product is a line of it, and the header counts it.
  await expect(page.getByTestId('cart-line').filter({ hasText: third.name })).toHaveCount(1);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', String(count + 1));
  // Priced by the cart's own add: the contract's price.
  expect((await cartLines()).find((l) => l.product_id === third.id)).toMatchObject({ quantity: 1, unit_price: { excl_vat: third.price!.excl_vat } });
  await expectAccessible(page);

  // In French, a GTIN nobody sells.
  await page.goto('/fr/checkout/overview');
  await page.getByLabel('Code scanné').focus();
  await page.keyboard.type(']C10104006381333931');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-outcome')).toHaveText('Le GTIN 04006381333931 ne figure pas dans notre catalogue.');
});

test("the cart page's camera button reads a GS1 DataMatrix with the checkout's own WebAssembly reader", async ({ request }) => {
  const gtin = await demoGtin(request, token, first.article_code);
  const browser = await cameraBrowser(dataMatrixVideo(`(01)0${gtin}`, `scan-${gtin}`));
  try {
    const page = await cameraPage(browser);
    const wasm: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
    });
    await signIn(page, request, buyer);
    await page.goto('/en/checkout/overview');
    const open = page.getByRole('button', { name: 'Scan with camera' });
    await open.click();
    await expect(page.getByTestId('scan-outcome')).toHaveText(`${first.name} added to your cart at ${euros(first.price!.excl_vat)} excl. VAT, your contract price.`, { timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(open).toBeFocused();
    // Served from the checkout's own build, under the page's Content-Security-Policy (decision 082).
    expect(wasm.every((path) => path.startsWith('/remotes/checkout/'))).toBe(true);
    expect(wasm.length).toBeGreaterThan(0);
  } finally {
    await browser.close();
  }
});

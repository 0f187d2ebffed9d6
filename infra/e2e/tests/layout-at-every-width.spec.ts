import type { APIRequestContext, Page } from '@playwright/test';
import { clippedButtonLabels, DEMO_BUYER, expect, expectAccessible, newBuyer, passwordGrant, signIn, test } from './fixtures';

// Issue 44: what buyers still hit in the front end, at the widths and in the languages where it was
// seen (a laptop at 1366 × 800, a phone at 390 × 844). Layout is the defect here, so the browser is
// the test: the page is measured, not its markup.

const PASSWORD = DEMO_BUYER.password;
const HOSPITAL_ADMIN = { email: 'sophie.peeters@zorggroep-scheldeland.example', password: PASSWORD };
const POLICE_ADMIN = { email: 'mark.devries@interventie-polder.example', password: PASSWORD };
/** The staff member who manages the integration clients (decision 062). */
const SALES_CONSULTANT = { email: 'pieter.willems@portal-supplier.example', password: PASSWORD };
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function headers(request: APIRequestContext, user: { email: string; password: string }) {
  const { access_token } = await passwordGrant(request, user);
  return { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal', 'accept-language': 'en' };
}

/** How far the page reaches past the screen's right edge (0: it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Whether the element is wholly on screen, left to right. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 1;
}

/** Texts cut off inside their box (an ellipsis or a clip): a badge, a cell. */
function cutTexts(page: Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('*'))
      .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')
      .filter((e) => !e.closest('.mantine-VisuallyHidden-root'))
      .map((e) => (e.textContent ?? '').trim()),
  );
}

test('the signed-in header stays on one row in xx at 1366 px, with the account menu on screen (items 7, 9)', async ({ page, request }) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, request, HOSPITAL_ADMIN);
  await page.goto('/xx/');
  await expect(page.locator('main h1')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.locator('header').evaluate((h) => h.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const account = page.getByTestId('account-menu');
  expect(await onScreen(page, account)).toBe(true);
  // The administrator's pages are one click away from every page.
  await page.goto('/fr/my-orders');
  await page.getByRole('button', { name: 'Mon compte' }).click();
  const menu = page.getByRole('menu', { name: 'Mon compte' });
  for (const name of ['Listes de commande', 'Commandes à approuver', 'Centres de coûts', 'Règles d’approbation', 'Se déconnecter']) {
    await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Centres de coûts' }).click();
  await expect(page).toHaveURL(/\/fr\/user\/cost-centres$/);
});

test('the French order list keeps its total and its unread badge whole beside an open order, at 1366 and 1280 px (item 4)', async ({ page, request }) => {
  await signIn(page, request, HOSPITAL_ADMIN);
  for (const width of [1366, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/fr/my-orders');
    const table = page.getByTestId('orders-table');
    await table.locator('tbody a').first().click();
    await expect(page.getByTestId('order-detail')).toBeVisible({ timeout: 20_000 });
    // The list fits its column: nothing to scroll sideways, no cell or badge cut.
    const scroll = table.locator('xpath=ancestor::div[@role="region"][1]');
    await expect.poll(() => scroll.evaluate((s) => s.scrollWidth - s.clientWidth)).toBeLessThanOrEqual(0);
    expect(await cutTexts(page, '[data-testid="orders-table"]')).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }
  await page.goto('/nl/my-orders');
  await page.getByTestId('orders-table').locator('tbody a').first().click();
  await expect(page.getByTestId('order-detail')).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
});

test('on a phone the cart shows each line whole: quantity, price and Remove on screen, the stock badge uncut (item 6)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const auth = await headers(request, DEMO_BUYER);
  const range = (await (await request.get('/api/v1/catalog/products?page_size=96', { headers: auth })).json()) as { items: { id: string; orderable: boolean; stock_state: string; max_quantity: number }[] };
  const low = range.items.find((p) => p.orderable && p.stock_state === 'low_stock') ?? range.items.find((p) => p.orderable && p.max_quantity >= 2);
  expect(low, 'an orderable product').toBeTruthy();
  expect((await request.post('/api/v1/cart/items', { headers: auth, data: { product_id: low!.id, quantity: 1 } })).status()).toBe(200);
  await signIn(page, request);
  await page.goto('/nl/checkout/overview');
  const line = page.getByTestId('cart-line').first();
  await expect(line).toBeVisible({ timeout: 20_000 });
  expect(await onScreen(page, line.getByRole('spinbutton').or(line.getByRole('textbox')).first())).toBe(true);
  expect(await onScreen(page, line.getByRole('button', { name: /verwijderen/i }))).toBe(true);
  expect(await onScreen(page, line.getByTestId('line-total'))).toBe(true);
  expect(await cutTexts(page, '[data-testid="cart-lines"]')).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('on a phone the cost centres show Edit on screen, in Dutch (item 6)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const auth = await headers(request, HOSPITAL_ADMIN);
  // Inactive: an active cost centre would make every hospital order name one, in the journeys after this.
  const created = await request.post('/api/v1/cost-centres', { headers: auth, data: { code: `PH${Date.now() % 100000}`, name: 'Spoedgevallen telefoon', budget_cents: 500_000, period: 'month', active: false, buyer_ids: [] } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await signIn(page, request, HOSPITAL_ADMIN);
  await page.goto('/nl/user/cost-centres');
  const edit = page.getByRole('button', { name: /wijzigen/i }).first();
  await expect(edit).toBeVisible({ timeout: 20_000 });
  expect(await onScreen(page, edit)).toBe(true);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('on a phone the integration pages show each client whole, with its actions on screen, in Dutch (item 6)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, request, SALES_CONSULTANT);
  // The overview: the demo client's row, scopes included, without a sideways scroll.
  await page.goto('/nl/user/integration');
  const overview = page.getByRole('region', { name: 'Integratieclients' }).getByRole('row').filter({ hasText: 'Demo ERP' });
  await expect(overview).toBeVisible({ timeout: 30_000 });
  expect(await onScreen(page, overview.getByText('events:read'))).toBe(true);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  // Where the clients are managed: a new secret and revoking are on screen, not behind a scroll.
  await page.goto('/nl/user/integration/clients');
  const managed = page.getByRole('row').filter({ hasText: 'Demo ERP' });
  await expect(managed).toBeVisible({ timeout: 30_000 });
  expect(await onScreen(page, managed.getByRole('button', { name: 'Nieuw geheim voor Demo ERP' }))).toBe(true);
  expect(await onScreen(page, managed.getByRole('button', { name: 'Intrekken: Demo ERP' }))).toBe(true);
  expect(await clippedButtonLabels(page)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('on a phone the contract page fits in Dutch and French: the invoice e-mail and the contact wrap (seen in the walk of issue 44)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, request, HOSPITAL_ADMIN);
  for (const locale of ['nl', 'fr']) {
    await page.goto(`/${locale}/user/contract`);
    // The demo hospital's invoice address: one 40-character word the page must wrap.
    await expect(page.getByText('facturatie@zorggroep-scheldeland.example', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page);
});

test('on a phone an approval request fits in English and Dutch, the French rule keeps its delete button whole, and a decided request is not "waiting" (items 3, 5, 12)', async ({ page, request, browser }) => {
  const policeBuyer = await newBuyer(request, browser, POLICE_ADMIN, { first_name: 'Wout', last_name: 'Peeters', domain: 'interventie-polder.example' });
  const admin = await headers(request, POLICE_ADMIN);
  const rule = await request.post('/api/v1/approval-rules', { headers: admin, data: { kind: 'order_total_above', amount_cents: 1 } });
  expect(rule.status(), await rule.text()).toBe(201);
  const ruleId = ((await rule.json()) as { id: string }).id;
  try {
    await page.setViewportSize(PHONE);
    await signIn(page, request, POLICE_ADMIN);
    await page.goto('/fr/user/approval-rules');
    await expect(page.getByTestId('approval-rules')).toBeVisible({ timeout: 20_000 });
    expect(await clippedButtonLabels(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The buyer's order goes to approval.
    const buyer = await headers(request, policeBuyer);
    const range = (await (await request.get('/api/v1/catalog/products?page_size=96', { headers: buyer })).json()) as { items: { id: string; orderable: boolean; stock_state: string; max_quantity: number }[] };
    const product = range.items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 2)!;
    expect((await request.post('/api/v1/cart/items', { headers: buyer, data: { product_id: product.id, quantity: 1 } })).status()).toBe(200);
    const addresses = (await (await request.get('/api/v1/addresses', { headers: buyer })).json()) as { id: string; type: string }[];
    const submitted = await request.post('/api/v1/approval-requests', {
      headers: { ...buyer, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      data: {
        billing_address_id: addresses.find((a) => a.type === 'billing')!.id,
        delivery_address_id: addresses.find((a) => a.type === 'shipping')!.id,
        shipping_method: 'standard',
        submitter: { first_name: 'Eva', last_name: 'Bakker', function: 'Buyer', full_name: 'Eva Bakker', declaration: true },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const requestId = ((await submitted.json()) as { id: string }).id;
    for (const [locale, title] of [['en', 'Order waiting for approval'], ['nl', 'Bestelling ter goedkeuring']] as const) {
      await page.goto(`/${locale}/my-orders/approvals/${requestId}`);
      await expect(page.getByTestId('approval-detail')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await overflow(page), `${locale} at 390 px`).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
    const decided = await request.post(`/api/v1/approval-requests/${requestId}/decision`, { headers: admin, data: { decision: 'reject', comment: 'Layout check' } });
    expect(decided.status(), await decided.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afgewezen bestelling', { timeout: 20_000 });
  } finally {
    await request.delete(`/api/v1/approval-rules/${ruleId}`, { headers: admin });
  }
});

import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, expectSoundLandmarks, passwordGrant, signIn, test } from './fixtures';

// Issue 19, look and accessibility: axe on every route in en, nl, fr and xx, as a visitor and as a
// buyer, plus the specific defects the issue names (contrast of the notices, the xx language tag,
// the focus ring, the tab order of the catalogue, the quantity stepper's maximum).
//
// One test per language and person (issue 45): each names what failed, and the tests, which only
// read, can share the audits project's workers when it has more than one.
test.describe.configure({ mode: 'parallel' });

const LOCALES = ['en', 'nl', 'fr', 'xx'] as const;

type Item = { slug: string; stock_state: string; max_quantity: number; orderable: boolean };

/** Products of the buyer's contract range, a few pages of it. */
async function contractRange(request: APIRequestContext): Promise<Item[]> {
  const { access_token } = await passwordGrant(request);
  const items: Item[] = [];
  for (let page = 1; page <= 4; page++) {
    const res = await request.get(`/api/v1/catalog/products?page_size=96&page=${page}`, { headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal' } });
    expect(res.status()).toBe(200);
    items.push(...((await res.json()) as { items: Item[] }).items);
  }
  return items;
}

async function firstSlug(request: APIRequestContext, shop: string): Promise<string> {
  const res = await request.get('/api/v1/catalog/products?page_size=1', { headers: { 'x-shop-type': shop } });
  return ((await res.json()) as { items: Item[] }).items[0]!.slug;
}

/**
 * Visits each path, waits for its h1 and for the network to rest (the page's data has come), and
 * runs axe, WCAG 2.1 A/AA and best practice; returns the violations by path, as "rule: targets".
 */
async function audit(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const list = (await axeViolations(page, true, true)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (list.length) found[path] = list;
  }
  return found;
}

/** Audits the paths in a locale and expects no violation; notes how many pages were seen. */
async function expectNoViolations(page: Page, locale: string, paths: string[]): Promise<void> {
  const found = await audit(page, paths.map((p) => `/${locale}${p}`));
  test.info().annotations.push({ type: 'axe', description: `${locale}: ${paths.length} pages, ${Object.values(found).flat().length} violations` });
  expect(found).toEqual({});
}

const VISITOR_PATHS = [
  '',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password?token=x',
  '/auth/verify?purpose=login',
  '/about',
  '/example',
  '/faq',
  '/privacy-policy',
  '/terms-and-conditions',
  '/policies/refund-policy',
  '/policies/return-policy',
  '/policies/general-policy',
  '/policies/privacy-policy',
  '/policies/shipping-policy',
  '/policies/cookie-policy',
  '/products?shop=medical',
  '/checkout/overview',
  '/no-such-page',
];

const BUYER_PATHS = ['', '/my-products', '/quick-order', '/my-orders', '/invoices', '/quotations', '/user/info', '/user/contract', '/user/users', '/user/users/new', '/contact'];

for (const locale of LOCALES) {
  test(`axe finds no violation on any page in ${locale}, for a visitor`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const publicSlug = await firstSlug(request, 'medical');
    await expectNoViolations(page, locale, [...VISITOR_PATHS, `/products/${publicSlug}?shop=medical`]);
  });

  test(`axe finds no violation on any page in ${locale}, for a buyer`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const range = await contractRange(request);
    const onRequest = range.find((i) => i.stock_state === 'price_on_request');
    const outside = range.find((i) => i.stock_state === 'not_within_contract');
    await signIn(page, request);
    const products = [range[0], onRequest, outside].filter(Boolean).map((i) => `/my-products/${i!.slug}`);
    await expectNoViolations(page, locale, [...BUYER_PATHS, ...products]);
  });
}

/** The organisation administrator's own pages (issue 44's walk): approvals, lists, budgets, rules, and the detail pages. */
const ADMIN = { email: 'sophie.peeters@zorggroep-scheldeland.example', password: 'DemoPortal!2025' };
const ADMIN_PATHS = ['/my-orders/approvals', '/order-lists', '/user/cost-centres', '/user/approval-rules', '/user/users'];

/** The first item of one of the administrator's lists, by the field that names its page. */
async function firstOf(request: APIRequestContext, url: string, field: 'number' | 'id'): Promise<string> {
  const { access_token } = await passwordGrant(request, ADMIN);
  const res = await request.get(url, { headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal' } });
  expect(res.status(), url).toBe(200);
  const first = ((await res.json()) as { items: Record<string, string>[] }).items[0];
  expect(first, `${url} lists something`).toBeDefined();
  return first![field]!;
}

for (const locale of LOCALES) {
  test(`axe finds no violation on the administrator's pages in ${locale}`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const [order, invoice] = [await firstOf(request, '/api/v1/orders', 'number'), await firstOf(request, '/api/v1/invoices', 'id')];
    await signIn(page, request, ADMIN);
    await expectNoViolations(page, locale, [...ADMIN_PATHS, `/my-orders/${order}`, `/invoices/${invoice}`]);
  });
}

test('the invoice page, the order page and the order confirmation name each landmark apart, in Dutch (issue 44: landmark-unique)', async ({ page, request }) => {
  const [order, orderId, invoice] = [await firstOf(request, '/api/v1/orders', 'number'), await firstOf(request, '/api/v1/orders', 'id'), await firstOf(request, '/api/v1/invoices', 'id')];
  await signIn(page, request, ADMIN);
  for (const [path, testId] of [[`/nl/invoices/${invoice}`, 'invoice-detail'], [`/nl/my-orders/${order}`, 'order-detail'], [`/nl/checkout/order/${orderId}`, 'order-lines']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expectSoundLandmarks(page);
  }
});

test('the pseudo-locale has a valid language tag', async ({ page }) => {
  await page.goto('/xx/auth/login');
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
});

test('a focused text field shows a clearly visible focus ring', async ({ page }) => {
  await page.goto('/en/auth/login');
  const field = page.getByLabel('Email address');
  await field.focus();
  const outline = await field.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('the catalogue search comes before the filter checkboxes in the tab order', async ({ page }) => {
  await page.goto('/en/products?shop=medical');
  const search = page.getByRole('searchbox').or(page.getByLabel(/Search/)).first();
  await expect(search).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-facet]').first().getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  const order = await page.evaluate(() => {
    const search = document.querySelector('input[type="search"], input[name="q"]');
    const filter = document.querySelector('[data-facet] input');
    return search && filter ? search.compareDocumentPosition(filter) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order, 'the filters follow the search field').toBeTruthy();
});

test('the quantity stepper stops at the stock and says "Maximum number reached"', async ({ page, request }) => {
  const range = await contractRange(request);
  const low = range.find((i) => i.orderable && i.max_quantity > 1 && i.max_quantity < 10);
  expect(low, 'a product with a small stock').toBeDefined();
  await page.goto('/en');
  await signIn(page, request);
  await page.goto(`/en/my-products/${low!.slug}`);
  const field = page.getByRole('textbox', { name: 'Quantity' });
  await expect(field).toBeVisible({ timeout: 20_000 });
  // The maximum as the page states it: the journeys beside this project may have ordered some of
  // the stock since the range was read.
  const hint = page.getByText(/You can add maximum \d+/);
  await expect(hint).toBeVisible();
  const max = Number(/maximum (\d+)/.exec((await hint.textContent()) ?? '')?.[1]);
  expect(max, 'the stated maximum').toBeGreaterThan(0);
  await field.focus();
  for (let i = 0; i < max + 3; i++) await field.press('ArrowUp');
  await expect(field).toHaveValue(String(max));
  await expect(page.getByTestId('quantity-maximum')).toHaveText('Maximum number reached');
  await field.fill('999');
  await expect(field).not.toHaveValue('999');
});

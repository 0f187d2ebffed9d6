import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 43, decision 081: the supplier's staff open the operations page from their home page; an
// order placed meanwhile shows in "orders placed in the last hour" when the page reads its figures
// again on its own (every 30 s); the page is axe-clean in English and Dutch, and a buyer who opens
// its address is told it is not theirs. The figures come from the server's metrics (METRICS_PORT
// is set by portal-server.ts).

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };
/** The web-shop customer of the seed, whose cart no other journey fills meanwhile (journeys run one at a time). */
const CUSTOMER = { email: 'noor.maes@webshop-customer.example', password: DEMO_BUYER.password };
const ORDERS = { en: 'Orders placed in the last hour', nl: 'Bestellingen geplaatst in het laatste uur' } as const;

async function placeOrder(request: APIRequestContext): Promise<void> {
  const { access_token: token } = await passwordGrant(request, CUSTOMER, 'en');
  const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'x-shop-type': 'medical' };
  const products = (await (await request.get('/api/v1/catalog/products?page_size=24', { headers: auth })).json()) as { items: { id: string; orderable: boolean }[] };
  const product = products.items.find((p) => p.orderable);
  expect(product, 'an orderable product in the medical shop').toBeDefined();
  expect((await request.post('/api/v1/cart/items', { headers: auth, data: { product_id: product!.id, quantity: 1 } })).status()).toBe(200);
  const addresses = (await (await request.get('/api/v1/addresses', { headers: auth })).json()) as { id: string; type: string }[];
  const placed = await request.post('/api/v1/orders', {
    headers: { ...auth, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: {
      billing_address_id: addresses.find((a) => a.type === 'billing')!.id,
      delivery_address_id: addresses.find((a) => a.type === 'shipping')!.id,
      shipping_method: 'standard',
      submitter: { first_name: 'Noor', last_name: 'Maes', function: 'Paramedic', full_name: 'Noor Maes', declaration: true },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

const figureRow = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The count in the orders row ("3 orders", "1 bestelling"). */
async function ordersShown(page: Page, name: string): Promise<number> {
  const text = (await figureRow(page, name).locator('[data-figure-value]').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

test('staff see an order placed meanwhile on the operations page, which is axe-clean in en and nl', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request, CASE_MANAGER);
  await page.goto('/en');
  await page.getByRole('link', { name: /^Operations/ }).click();
  await expect(page).toHaveURL(/\/en\/user\/operations$/);
  await expect(figureRow(page, ORDERS.en)).toBeVisible({ timeout: 30_000 });
  const before = await ordersShown(page, ORDERS.en);
  expect(before).toBeGreaterThanOrEqual(0);
  await expect(figureRow(page, ORDERS.en).getByText(/^(Fine|Needs attention)$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Work queues' }).getByRole('rowheader', { name: 'E-invoice and Despatch Advice deliveries' })).toBeVisible();
  const updated = await page.getByTestId('operations-updated').textContent();
  await expectAccessible(page);

  await placeOrder(request);
  // No reload, no click: the page reads its figures again on its own, and the count moves.
  await expect.poll(() => ordersShown(page, ORDERS.en), { timeout: 75_000, message: 'the placed order is counted' }).toBeGreaterThan(before);
  await expect(page.getByTestId('operations-updated')).not.toHaveText(updated ?? '');

  await page.goto('/nl/user/operations');
  await expect(figureRow(page, ORDERS.nl)).toBeVisible({ timeout: 30_000 });
  expect(await ordersShown(page, ORDERS.nl)).toBeGreaterThan(before);
  await expect(page.getByRole('button', { name: 'Nu vernieuwen' })).toBeVisible();
  await expectAccessible(page);
});

test("a buyer who opens the operations page's address is told it is for the supplier's staff", async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en/user/operations');
  await expect(page.getByRole('alert').getByText("This page is for the supplier's staff")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});

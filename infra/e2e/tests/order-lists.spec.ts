import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 33, shared order lists (decision 056): the hospital buyer makes a list from a product page,
// adds a past order's lines to it, shares it, sees a line flagged (out of stock) and orders the list
// in full: the cart is filled and what could not go in is reported. axe on each new state.

type Item = { id: string; slug: string; name: string; article_code: string; stock_state: string; max_quantity: number; orderable: boolean };

async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: object) {
  const token = (await passwordGrant(request)).access_token;
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' }, ...(data ? { data } : {}) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** An orderable product in stock and one out of stock (no backorder) from the buyer's contract range. */
async function products(request: APIRequestContext): Promise<{ inStock: Item; soldOut: Item }> {
  const items: Item[] = [];
  for (let page = 1; page <= 5; page++) {
    const found = (await call(request, 'GET', `/catalog/products?page_size=96&page=${page}`)) as { items: Item[] };
    items.push(...found.items);
    if (items.some((p) => p.stock_state === 'not_available') || found.items.length < 96) break;
  }
  const inStock = items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 5);
  const soldOut = items.find((p) => p.stock_state === 'not_available');
  expect(inStock, 'an orderable product in stock').toBeTruthy();
  expect(soldOut, 'a product out of stock').toBeTruthy();
  return { inStock: inStock!, soldOut: soldOut! };
}

test('a buyer makes a list from a product page and a past order, shares it and orders it in full', async ({ page, request, pageErrors }) => {
  test.setTimeout(300_000);
  const { inStock, soldOut } = await products(request);
  const orders = (await call(request, 'GET', '/orders')) as { items: { number: string }[] };
  const past = orders.items[0]!;
  const name = `Ward 3 ${Date.now()}`;

  // From the product page: a new list.
  await signIn(page, request);
  await page.goto(`/en/my-products/${inStock.slug}`);
  await page.getByRole('button', { name: 'Add to a list', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to an order list' });
  await expect(dialog).toBeVisible();
  const newList = dialog.getByRole('radio', { name: 'A new list' });
  if (await newList.count()) await newList.check();
  await dialog.getByRole('textbox', { name: 'List name' }).fill(name);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add 1 line' }).click();
  await expect(dialog.getByTestId('add-to-list-done')).toContainText(`1 line added to ${name}.`);
  await dialog.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/en\/order-lists\/[0-9a-f-]{36}$/);
  const listUrl = page.url();
  const listId = listUrl.split('/').pop()!;
  await expect(page.getByTestId('order-list-name')).toHaveText(name);

  // From a past order: all its lines onto the same list.
  await page.goto(`/en/my-orders/${past.number}`);
  await page.getByTestId('order-add-to-list').click();
  await expect(page).toHaveURL(new RegExp(`/en/order-lists\\?order=${past.number}$`));
  const fromOrder = page.getByRole('dialog', { name: 'Add to an order list' });
  await fromOrder.getByRole('radio', { name: 'An existing list' }).check();
  await fromOrder.getByRole('combobox', { name: 'List' }).selectOption({ label: name });
  await fromOrder.getByRole('button', { name: /^Add \d+ lines?$/ }).click();
  await expect(fromOrder.getByTestId('add-to-list-done')).toContainText(`added to ${name}.`);
  await fromOrder.getByRole('button', { name: 'Close', exact: true }).last().click();

  // A product that is out of stock goes on the list too (through the API: the same route the dialog uses).
  await call(request, 'POST', `/order-lists/${listId}/lines`, { lines: [{ product_id: soldOut.id, quantity: 1 }] });

  // The list: shared, its flagged line, then ordered in full.
  await page.goto(listUrl);
  const lines = page.getByTestId('order-list-lines');
  await expect(lines.locator(`[data-line="${inStock.article_code}"]`)).toBeVisible();
  const flagged = lines.locator(`[data-line="${soldOut.article_code}"]`);
  await expect(flagged).toHaveAttribute('data-flag', 'out_of_stock');
  await expect(flagged.getByTestId('line-flag')).toHaveText('Out of stock');
  // The switch shows what the server saved: click, then wait for the saved state.
  const share = page.getByRole('switch', { name: 'Shared with my organisation' });
  await share.click();
  await expect(share).toBeChecked();
  await expect(page.getByText('Shared', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Order the whole list' }).click();
  const result = page.getByTestId('order-list-result');
  await expect(result).toContainText(/line(s)? added to your cart/);
  await expect(result).toContainText(`${soldOut.article_code} ${soldOut.name}: out of stock, not added`);
  await expectAccessible(page);
  // The flagged product is still on the list.
  await expect(flagged).toBeVisible();

  // The cart holds the list's product; the normal checkout takes it from there.
  await result.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/overview$/, { timeout: 60_000 });
  await expect(page.getByText(inStock.article_code).first()).toBeVisible();

  // Shared: the organisation's administrator sees it in their lists.
  const admin = await request.post('/api/oauth/token', {
    form: { grant_type: 'password', client_id: 'portal-web', client_secret: process.env.E2E_CLIENT_SECRET ?? 'portal-web-development-secret', username: 'sophie.peeters@zorggroep-scheldeland.example', password: 'DemoPortal!2025' },
  });
  const adminToken = ((await admin.json()) as { access_token: string }).access_token;
  const seen = await request.get('/api/v1/order-lists', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(((await seen.json()) as { items: { id: string }[] }).items.map((l) => l.id)).toContain(listId);
  expect(pageErrors).toEqual([]);
});

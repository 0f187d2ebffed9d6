import type { APIRequestContext } from '@playwright/test';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 14, the last link of a quotation: accepted → ordered through the checkout at the quoted
// prices (not the catalogue's) → the quotation shows its order. The quotation is prepared through
// the API (the steps before are the journey in orders.spec.ts); axe on the new states.

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };
/** €12.34: a price the catalogue does not have for the product (checked below). */
const QUOTED = 1234;

type Item = { id: string; article_code: string; stock_state: string; max_quantity: number; orderable: boolean; price: { excl_vat: number } | null };

async function call(request: APIRequestContext, user: { email: string; password: string } | undefined, method: 'GET' | 'POST', path: string, data?: object) {
  const token = (await passwordGrant(request, user)).access_token;
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' }, ...(data ? { data } : {}) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** An accepted quotation of the demo buyer for 2 of an orderable product in stock, answered at €12.34. */
async function acceptedQuotation(request: APIRequestContext): Promise<{ id: string; product: Item }> {
  const range = (await call(request, undefined, 'GET', '/catalog/products?page_size=96')) as { items: Item[] };
  const product = range.items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 3 && p.price?.excl_vat !== QUOTED)!;
  expect(product, 'an orderable product in stock').toBeTruthy();
  const created = (await call(request, undefined, 'POST', '/quotations', { title: 'Quoted order', lines: [{ product_id: product.id, quantity: 2 }] })) as { id: string };
  await call(request, undefined, 'POST', `/quotations/${created.id}/send`);
  await call(request, CASE_MANAGER, 'POST', `/quotations/${created.id}/answer`, { valid_until: '2099-12-31', lines: [{ product_id: product.id, unit_price_excl_vat: QUOTED }] });
  await call(request, undefined, 'POST', `/quotations/${created.id}/accept`);
  return { id: created.id, product };
}

test('a buyer orders an accepted quotation through the checkout at the quoted prices', async ({ page, request, pageErrors }) => {
  test.setTimeout(240_000);
  const { id, product } = await acceptedQuotation(request);

  await signIn(page, request);
  await page.goto(`/en/quotations/${id}`);
  const detail = page.getByTestId('quotation-detail');
  await expect(detail).toHaveAttribute('data-status', 'accepted');
  const order = page.getByRole('link', { name: 'Order', exact: true });
  await expect(order).toBeVisible();
  await expectAccessible(page);
  await order.click();

  await expect(page).toHaveURL(new RegExp(`/en/checkout/extra-info\\?quotation=${id}$`), { timeout: 60_000 });
  await expect(page.getByTestId('checkout-quotation')).toBeVisible();
  const lines = page.getByTestId('quotation-lines');
  await expect(lines).toContainText(product.article_code);
  await expect(lines).toContainText('€24.68');
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio').first()).toBeVisible();
  await methods.getByRole('radio').first().check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/en\/checkout\/personal-info$/, { timeout: 60_000 });
  await page.getByRole('textbox', { name: 'First name' }).fill('Lucas');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Janssens');
  await page.getByRole('textbox', { name: 'Function' }).fill('Head nurse');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Lucas Janssens');
  await page.getByRole('checkbox', { name: /authorised to place this order/ }).check();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();

  await expect(page).toHaveURL(/\/en\/checkout\/order\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const number = (await page.getByTestId('order-number').innerText()).trim();
  const placed = page.getByTestId('order-lines');
  await expect(placed).toContainText(product.article_code);
  await expect(placed).toContainText('€12.34');

  await page.goto(`/en/quotations/${id}`);
  const ordered = page.getByTestId('quotation-ordered');
  await expect(ordered).toHaveText(`Ordered as order ${number}.`);
  await expect(page.getByRole('link', { name: 'Order', exact: true })).toHaveCount(0);
  await expect(detail).toContainText('Ordered');
  await expectAccessible(page);
  await ordered.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`/en/my-orders/${number}$`));
  await expect(page.getByTestId('order-detail')).toContainText('€12.34');
  expect(pageErrors).toEqual([]);
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 13: from a filled cart to a placed order. A contract buyer orders on account in Dutch and
// downloads the order form; a visitor fills a cart in the public shop, signs in, sees the merged cart
// and pays with the development provider (paid; failed, then paid again); the checkout's validation
// messages; axe on every step; the whole checkout by keyboard alone.

/** The demo web-shop customer of the seed (a buyer without an organisation: pays online). */
const WEBSHOP_CUSTOMER = { email: 'noor.maes@webshop-customer.example', password: DEMO_BUYER.password };

type Item = { id: string; slug: string; name: string; article_code: string; stock_state: string; max_quantity: number; orderable: boolean };

/** Orderable products in stock of a shop (the contract range as the buyer, or a public shop). */
async function orderable(request: APIRequestContext, shop: 'portal' | 'medical', token: string): Promise<Item[]> {
  const res = await request.get('/api/v1/catalog/products?page_size=96', { headers: { authorization: `Bearer ${token}`, 'x-shop-type': shop } });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: Item[] }).items;
  return items.filter((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 3);
}

/** Empties the user's cart and puts `quantity` of one orderable product in it; returns the product. */
async function fillCart(request: APIRequestContext, user: { email: string; password: string }, shop: 'portal' | 'medical', pick = 0, quantity = 1): Promise<Item> {
  const { access_token } = await passwordGrant(request, user);
  const headers = { authorization: `Bearer ${access_token}`, 'x-shop-type': shop };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { lines: { product_id: string }[] };
  for (const line of cart.lines) await request.delete(`/api/v1/cart/items/${line.product_id}`, { headers });
  const product = (await orderable(request, shop, access_token))[pick]!;
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product.id, quantity } });
  expect(added.status(), await added.text()).toBe(200);
  return product;
}

const checkout = (page: Page) => page.locator('[data-remote="checkout"]');
const h1 = (page: Page) => checkout(page).getByRole('heading', { level: 1 });

/** Presses Tab until `target` has the focus: the keyboard user's way to a control. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

/** The extra-info step with the address book's defaults: picks the first shipping method and goes on. */
async function chooseShippingAndContinue(page: Page, next: string): Promise<void> {
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio').first()).toBeVisible();
  await methods.getByRole('radio').first().check();
  await page.getByRole('button', { name: next, exact: true }).click();
}

/** Fills the submitter and ticks the declaration (labels in the page's language). */
async function fillSubmitter(page: Page, labels: { first: string; last: string; fn: string; full: string; declaration: RegExp }) {
  await page.getByRole('textbox', { name: labels.first }).fill('Lucas');
  await page.getByRole('textbox', { name: labels.last }).fill('Janssens');
  await page.getByRole('textbox', { name: labels.fn }).fill('Verpleegkundig diensthoofd');
  await page.getByRole('textbox', { name: labels.full }).fill('Lucas Janssens');
  await page.getByRole('checkbox', { name: labels.declaration }).check();
}

const EN_SUBMITTER = { first: 'First name', last: 'Last name', fn: 'Function', full: 'Full name', declaration: /authorised to place this order/ };

test('a contract buyer orders on account in Dutch, from the cart to the order form PDF', async ({ page, request, pageErrors }) => {
  const product = await fillCart(request, DEMO_BUYER, 'portal');
  await page.goto('/nl');
  await signIn(page, request);
  await page.goto('/nl/checkout/overview');
  await expect(h1(page)).toHaveText('Afrekenen: overzicht');
  // Names are translated: the article code finds the line in any language.
  const line = page.getByTestId('cart-line').filter({ hasText: product.article_code });
  await expect(line).toBeVisible();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Afrekenen' }).click();
  await expect(h1(page)).toHaveText('Afrekenen: extra informatie');
  await expect(page.getByRole('radiogroup', { name: /Factuuradres/ }).getByRole('radio', { name: /Head office/ })).toBeChecked();
  await page.getByRole('textbox', { name: 'Uw bestelreferentie' }).fill('PO-2026-113');
  await expectAccessible(page);
  await chooseShippingAndContinue(page, 'Volgende');

  await expect(h1(page)).toHaveText('Afrekenen: persoonlijke gegevens');
  await expectAccessible(page);
  await fillSubmitter(page, { first: 'Voornaam', last: 'Achternaam', fn: 'Functie', full: 'Volledige naam', declaration: /gemachtigd ben om deze bestelling te plaatsen/ });
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();

  await expect(page).toHaveURL(/\/nl\/checkout\/order\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId('order-thanks')).toContainText('Bedankt voor uw bestelling.');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'ordered');
  const number = (await page.getByTestId('order-number').innerText()).trim();
  expect(number).toMatch(/^SO-\d{4}-\d{6,}$/);
  await expect(page.getByTestId('order-lines')).toContainText(product.article_code);
  // The cart became this order: the header says so.
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Bestelbon downloaden (pdf)' }).click()]);
  expect(download.suggestedFilename()).toContain(number);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(file!)).subarray(0, 5).toString()).toBe('%PDF-');
  expect(pageErrors).toEqual([]);
});

test('a visitor fills a cart in the public shop, signs in, sees the merged cart and pays online', async ({ page }) => {
  await page.goto('/en/products?shop=medical');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: 'Add to cart' }) }).first();
  const name = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');

  await page.goto('/en/checkout/overview');
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to order' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/en\/auth\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Email address' }).fill(WEBSHOP_CUSTOMER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(WEBSHOP_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back at the cart, signed in: the visitor's line joined the account's cart, and the buyer is told.
  await expect(page).toHaveURL(/\/en\/checkout\/overview$/, { timeout: 60_000 });
  await expect(page.getByText(/The products you chose before signing in|Your cart was merged/).first()).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  await expect(h1(page)).toHaveText('Checkout: extra information');
  await chooseShippingAndContinue(page, 'Next');
  await expect(h1(page)).toHaveText('Checkout: personal information');
  await fillSubmitter(page, EN_SUBMITTER);
  await page.getByRole('button', { name: 'Place order and pay' }).click();

  // The development provider's hosted page: the tester decides the outcome.
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/order\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'ordered', { timeout: 60_000 });
  await expect(page.getByTestId('order-lines')).toContainText(name);
});

test('a failed payment is paid again from the order page', async ({ page, request }) => {
  await fillCart(request, WEBSHOP_CUSTOMER, 'medical', 1);
  await page.goto('/en');
  await signIn(page, request, WEBSHOP_CUSTOMER);
  await page.goto('/en/checkout/extra-info');
  await chooseShippingAndContinue(page, 'Next');
  await fillSubmitter(page, EN_SUBMITTER);
  await page.getByRole('button', { name: 'Place order and pay' }).click();

  await page.getByRole('button', { name: 'Failed', exact: true }).click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/en\/checkout\/order\//, { timeout: 60_000 });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'payment_failed', { timeout: 60_000 });
  await expect(page.getByTestId('payment-state')).toContainText('Your payment did not succeed.');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay again' }).click();
  await page.getByRole('button', { name: 'Paid', exact: true }).click({ timeout: 60_000 });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'ordered', { timeout: 60_000 });
  await expect(page.getByTestId('order-thanks')).toContainText('Thank you for your order.');
});

test('every checkout validation message, once', async ({ page, request }) => {
  const product = await fillCart(request, DEMO_BUYER, 'portal', 2);
  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en/checkout/overview');

  // The stepper stops at the stock and says so.
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line.getByText(`You can add maximum ${product.max_quantity}`)).toBeVisible();
  await line.getByRole('textbox', { name: `Quantity of ${product.name}` }).fill(String(product.max_quantity));
  await expect(line.getByText('Maximum number reached')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  // No shipping method chosen, and a code that does not exist.
  await expect(h1(page)).toHaveText('Checkout: extra information');
  await page.getByRole('textbox', { name: 'Discount code' }).fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid discount code')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Select a shipping method')).toBeVisible();
  await expect(page.getByTestId('form-incomplete')).toContainText('The form has not been completed completely');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Discount code' }).fill('');
  await chooseShippingAndContinue(page, 'Next');

  // The declaration is required.
  await expect(h1(page)).toHaveText('Checkout: personal information');
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(page.getByText('You must confirm that you are authorised to place this order.')).toBeVisible();
  await expect(page.getByTestId('form-incomplete')).toContainText('The form has not been completed completely');
  await expectAccessible(page);
});

test('the whole checkout by keyboard alone', async ({ page, request }) => {
  await fillCart(request, DEMO_BUYER, 'portal', 3);
  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en/checkout/overview');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await tabTo(page, page.getByRole('button', { name: 'Proceed to checkout' }));
  await page.keyboard.press('Enter');
  await expect(h1(page)).toHaveText('Checkout: extra information');

  // The radio group takes the focus on its checked option (or the first); Space chooses.
  const method = page.getByTestId('shipping-methods').getByRole('radio').first();
  await expect(method).toBeVisible();
  await tabTo(page, method);
  await page.keyboard.press('Space');
  await expect(method).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  await expect(h1(page)).toHaveText('Checkout: personal information');
  for (const [label, value] of [['First name', 'Lucas'], ['Last name', 'Janssens'], ['Function', 'Nurse manager'], ['Full name', 'Lucas Janssens']] as const) {
    await tabTo(page, page.getByRole('textbox', { name: label }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('checkbox', { name: EN_SUBMITTER.declaration }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Place order', exact: true }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/en\/checkout\/order\//, { timeout: 60_000 });
  await expect(page.getByTestId('order-thanks')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Download the order form (PDF)' }));
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});

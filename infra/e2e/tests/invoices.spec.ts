import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { REPO_ROOT } from '../portal-server.config';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 30, "done means": a Dutch contract buyer orders, the case manager ships the order, the buyer
// finds the invoice from My orders, downloads its PDF and its e-invoice, and the e-invoice passes both
// Peppol BIS Billing 3.0 rule sets (EN 16931 and Peppol's) with the official Schematron; axe on the
// pages. Runs against the merged API (invoices issued when an order ships).

/**
 * The police unit's administrator, who orders like its buyers: a Dutch public buyer (B2G, OIN),
 * Dutch-speaking. Not Eva Bakker: auth.spec resets her password in the same run.
 */
const DUTCH_BUYER = { email: 'mark.devries@interventie-polder.example', password: DEMO_BUYER.password };
const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };
/** The conformance material beside the project (`<root>/../shared/conformance`, see its README). */
const CONFORMANCE = join(REPO_ROOT, '..', 'shared', 'conformance');
const RULE_SETS = ['CEN-EN16931-UBL.sch', 'PEPPOL-EN16931-UBL.sch'];

type Item = { id: string; article_code: string; stock_state: string; max_quantity: number; orderable: boolean };
type InvoiceRow = { id: string; number: string; kind: string; status: string };

async function call(request: APIRequestContext, user: { email: string; password: string }, path: string) {
  const { access_token } = await passwordGrant(request, user);
  const res = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal' } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Empties the buyer's cart and puts 2 of an orderable product in stock in it. */
async function fillCart(request: APIRequestContext): Promise<Item> {
  const { access_token } = await passwordGrant(request, DUTCH_BUYER);
  const headers = { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal' };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { lines: { product_id: string }[] };
  for (const line of cart.lines) await request.delete(`/api/v1/cart/items/${line.product_id}`, { headers });
  const range = (await call(request, DUTCH_BUYER, '/catalog/products?page_size=96')) as { items: Item[] };
  const product = range.items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 3)!;
  expect(product, 'an orderable product in stock in the police unit\'s range').toBeTruthy();
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product.id, quantity: 2 } });
  expect(added.status(), await added.text()).toBe(200);
  return product;
}

/** The buyer places the order through the checkout in Dutch; returns its id and number. */
async function placeOrder(page: Page, request: APIRequestContext, product: Item): Promise<{ id: string; number: string }> {
  await page.goto('/nl');
  await signIn(page, request, DUTCH_BUYER);
  await page.goto('/nl/checkout/overview');
  await expect(page.getByTestId('cart-line').filter({ hasText: product.article_code })).toBeVisible();
  await page.getByRole('button', { name: 'Afrekenen' }).click();
  await page.getByRole('textbox', { name: 'Uw bestelreferentie' }).fill('PO-NL-INV-30');
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio').first()).toBeVisible();
  await methods.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await page.getByRole('textbox', { name: 'Voornaam' }).fill('Eva');
  await page.getByRole('textbox', { name: 'Achternaam' }).fill('Bakker');
  await page.getByRole('textbox', { name: 'Functie' }).fill('Teamarts');
  await page.getByRole('textbox', { name: 'Volledige naam' }).fill('Eva Bakker');
  await page.getByRole('checkbox', { name: /gemachtigd ben om deze bestelling te plaatsen/ }).check();
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(page).toHaveURL(/\/nl\/checkout\/order\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = page.url().split('/').at(-1)!;
  const number = (await page.getByTestId('order-number').innerText()).trim();
  return { id, number };
}

/** The case manager moves the order on, step by step, each after the confirmation (issue 32). */
async function ship(page: Page, request: APIRequestContext, number: string): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, request, CASE_MANAGER);
  await page.goto(`/en/my-orders/${number}`);
  const detail = page.getByTestId('order-detail');
  await expect(detail).toHaveAttribute('data-order', number);
  for (const status of ['Processing', 'To be shipped', 'Being shipped']) {
    const form = page.getByTestId('staff-move').getByRole('form', { name: `Move to: ${status}` });
    if (status === 'Being shipped') {
      await form.getByRole('textbox', { name: 'Tracking reference' }).fill('3SPOLDER30');
      await form.getByLabel('Expected delivery date').fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    }
    await form.getByRole('button', { name: `Move to: ${status}` }).click();
    await page.getByRole('dialog', { name: `Move order ${number} to ${status}?` }).getByRole('button', { name: `Move to: ${status}` }).click();
    await expect(detail.locator('[data-order-status]').first()).toHaveText(status);
  }
}

/** Runs the official Schematron of one rule set over a document; the tool's summary line and exit code. */
async function validate(rules: string, file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(CONFORMANCE, 'validate'), [join(CONFORMANCE, 'peppol/billing/sch', rules), file], { timeout: 180_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 2, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

test('a Dutch contract buyer orders, the case manager ships it, and the buyer downloads the invoice PDF and a conforming e-invoice', async ({ page, request, pageErrors }) => {
  // Two Schematron compilations (~30 s each on these machines) beside the journey.
  test.setTimeout(420_000);
  const product = await fillCart(request);
  const order = await placeOrder(page, request, product);
  await ship(page, request, order.number);

  // Shipping issues the invoice (possibly through the outbox): wait for it, as the buyer sees it.
  await expect
    .poll(async () => ((await call(request, DUTCH_BUYER, `/invoices?order=${order.id}`)) as { items: InvoiceRow[] }).items.length, { timeout: 60_000, message: 'the shipment is invoiced' })
    .toBeGreaterThan(0);
  const invoice = ((await call(request, DUTCH_BUYER, `/invoices?order=${order.id}`)) as { items: InvoiceRow[] }).items.find((i) => i.kind === 'invoice')!;
  expect(invoice.status).toBe('open');

  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, request, DUTCH_BUYER);
  // Reachable from My orders.
  await page.goto('/nl/my-orders');
  await page.getByRole('link', { name: 'Facturen en creditnota\'s' }).click();
  await expect(page).toHaveURL(/\/nl\/invoices$/);
  const row = page.locator(`tr[data-invoice="${invoice.number}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-invoice-status="open"]')).toHaveText('Openstaand');
  await expect(row.getByRole('link', { name: order.number })).toBeVisible();
  await expectAccessible(page);

  const [pdf] = await Promise.all([page.waitForEvent('download'), row.getByTestId('invoice-download-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  const [xml] = await Promise.all([page.waitForEvent('download'), row.getByTestId('invoice-download-xml').click()]);
  expect(xml.suggestedFilename()).toBe(`invoice-${invoice.number}.xml`);
  const xmlFile = (await xml.path())!;
  const text = await readFile(xmlFile, 'utf8');
  expect(text).toContain('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
  expect(text).toContain(invoice.number);
  for (const rules of RULE_SETS) {
    const result = await validate(rules, xmlFile);
    expect(result.output, `${rules}: ${result.output}`).toMatch(/: 0 fatal/);
    expect(result.code, result.output).toBe(0);
  }

  // The invoice's page: how to pay it (the structured communication), by keyboard from the list.
  await row.getByRole('link', { name: invoice.number }).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toHaveAttribute('data-invoice', invoice.number);
  await expect(detail.getByTestId('invoice-reference')).toHaveText(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
  await expectAccessible(page);

  // And from the order itself.
  await page.goto(`/nl/my-orders/${order.number}`);
  await expect(page.getByTestId('order-invoices').getByRole('link', { name: `Factuur ${invoice.number}` })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_BUYER, expect, expectAccessible, newBuyer, passwordGrant, signIn, test } from './fixtures';

// Issue 33, "budgets per cost centre": the police unit's administrator creates a cost centre with a
// small budget and assigns it (to himself: he orders like its buyers, and Eva Bakker's password is
// reset by auth.spec in the same run); he orders against it; a second order over what is left is
// refused with the message saying what is left; axe on the new pages. Then the rule "approval": a
// buyer's order over the budget is submitted for approval from the checkout, the administrator sees
// why in the queue and approves it, and the order is placed, charged past the budget. The cost
// centres are made inactive and the rule set back to "refuse" at the end, so the later journeys of
// the police unit order without one. Both over-budget orders are announced once the cost centre is
// chosen, before the button is pressed (issue 44.14).

const ADMIN = { email: 'mark.devries@interventie-polder.example', password: DEMO_BUYER.password };
const CODE = `E2E-${Date.now().toString(36).toUpperCase()}`;

/** Cents as the English pages write them (en-US). */
const euros = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);

type Item = { id: string; article_code: string; stock_state: string; max_quantity: number; orderable: boolean };

async function api(request: APIRequestContext, user: { email: string; password: string } = ADMIN) {
  const { access_token } = await passwordGrant(request, user);
  return { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal', 'accept-language': 'en' };
}


/** Empties the user's cart (the administrator's by default) and puts 2 of an orderable product in it; answers what such an order costs (incl. VAT). */
async function fillCart(request: APIRequestContext, user = ADMIN): Promise<{ product: Item; total: number }> {
  const headers = await api(request, user);
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { lines: { product_id: string }[] };
  for (const line of cart.lines) await request.delete(`/api/v1/cart/items/${line.product_id}`, { headers });
  const range = (await (await request.get('/api/v1/catalog/products?page_size=96', { headers })).json()) as { items: Item[] };
  const product = range.items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 6)!;
  expect(product, "an orderable product in stock in the police unit's range").toBeTruthy();
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product.id, quantity: 2 } });
  expect(added.status(), await added.text()).toBe(200);
  // The checkout offers the default delivery address's country and its first shipping method: priced the same way here.
  const book = (await (await request.get('/api/v1/addresses', { headers })).json()) as { type: string; is_default: boolean; country: string }[];
  // The default delivery address, else any (the account journey edits the book earlier in the run).
  const country = (book.find((a) => a.type === 'shipping' && a.is_default) ?? book.find((a) => a.type === 'shipping') ?? book[0]!).country;
  const methods = (await (await request.get(`/api/v1/checkout/shipping-methods?country=${country}`, { headers })).json()) as { code: string }[];
  const preview = await request.post('/api/v1/checkout/preview', { headers, data: { delivery_country: country, shipping_method: methods[0]!.code } });
  expect(preview.status(), await preview.text()).toBe(200);
  return { product, total: ((await preview.json()) as { totals: { incl_vat: number } }).totals.incl_vat };
}

/** Through the checkout in English, choosing the cost centre on the last step. */
async function checkout(page: Page, product: Item, who = { first: 'Mark', last: 'de Vries', code: CODE, name: 'Patrol medics' }) {
  await page.goto('/en/checkout/overview');
  await expect(page.getByTestId('cart-line').filter({ hasText: product.article_code })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const methods = page.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio').first()).toBeVisible();
  await methods.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill(who.first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(who.last);
  await page.getByRole('textbox', { name: 'Function' }).fill('Logistics officer');
  await page.getByRole('textbox', { name: 'Full name' }).fill(`${who.first} ${who.last}`);
  await page.getByRole('checkbox', { name: /authorised to place this order/ }).check();
  // Keyboard: the cost centre is a radio group in the form's tab order.
  const costCentre = page.getByRole('radio', { name: new RegExp(`${who.code} — ${who.name}`) });
  await expect(costCentre).toBeVisible();
  await costCentre.focus();
  await page.keyboard.press('Space');
  await expect(costCentre).toBeChecked();
}

test.describe('budgets per cost centre', () => {
  test.afterAll(async ({ request }) => {
    // Leave the police unit without an active cost centre for the journeys after this one.
    const headers = await api(request);
    const page = (await (await request.get('/api/v1/cost-centres', { headers })).json()) as { cost_centres: { id: string; code: string; name: string; budget_cents: number; period: string }[] };
    for (const c of page.cost_centres.filter((x) => x.code.startsWith(CODE))) {
      await request.put(`/api/v1/cost-centres/${c.id}`, { headers, data: { code: c.code, name: c.name, active: false, budget_cents: c.budget_cents, period: c.period, buyer_ids: [] } });
    }
  });

  test('the administrator sets a budget, an order fits, the next one over what is left is refused', async ({ page, request }) => {
    test.setTimeout(300_000);
    const { product, total } = await fillCart(request);
    // Room for one such order and half of another.
    const budget = Math.ceil(total * 1.5);

    await page.goto('/en');
    await signIn(page, request, ADMIN);
    await page.goto('/en/user/users');
    await page.getByRole('link', { name: 'Cost centres' }).click();
    await expect(page).toHaveURL(/\/en\/user\/cost-centres$/);
    await expect(page.getByRole('heading', { name: 'Cost centres', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New cost centre' }).click();
    // The focus moves to the form's heading.
    await expect(page.getByRole('heading', { name: 'New cost centre' })).toBeFocused();
    const form = page.getByRole('form', { name: 'New cost centre' });
    await form.getByRole('textbox', { name: 'Code' }).fill(CODE);
    await form.getByRole('textbox', { name: 'Name' }).fill('Patrol medics');
    await form.getByRole('textbox', { name: /Budget per period/ }).fill((budget / 100).toFixed(2));
    await form.getByRole('combobox', { name: 'Period' }).selectOption('month');
    await form.getByRole('checkbox', { name: new RegExp(ADMIN.email) }).check();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save cost centre' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Cost centre ${CODE} was saved.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: CODE });
    await expect(row).toContainText('Patrol medics');
    await expect(row).toContainText('Month');
    await expectAccessible(page);

    // The first order fits.
    await checkout(page, product);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/order\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const number = (await page.getByTestId('order-number').innerText()).trim();
    // The order page names the cost centre it was charged to.
    await page.goto(`/en/my-orders/${number}`);
    await expect(page.getByTestId('order-detail')).toContainText(`${CODE} — Patrol medics`);

    // The second, the same again, is over what is left: the checkout says so before it is placed
    // (issue 44.14), and placing it is refused, with what is left, nothing ordered.
    await fillCart(request);
    await checkout(page, product);
    const forecast = page.getByTestId('budget-forecast');
    await expect(forecast).toContainText(`This order exceeds the budget of cost centre ${CODE} — Patrol medics: ${euros(budget - total)} left.`);
    await expect(forecast).toContainText('It cannot be placed as it is');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    const refusal = page.getByTestId('budget-exceeded');
    await expect(refusal).toContainText(`This order exceeds the budget of cost centre ${CODE} — Patrol medics`);
    await expect(refusal).toContainText(`${euros(budget - total)} left`);
    await expect(page).toHaveURL(/\/en\/checkout\/personal-info$/);
    await expectAccessible(page);

    // The administrator's page shows what was spent.
    await page.goto('/en/user/cost-centres');
    await expect(page.getByRole('row').filter({ hasText: CODE })).toContainText(euros(total));
  });

  test('with the rule "approval", an order over the budget is submitted for approval, approved from the queue and placed past the budget', async ({ page, request, browser, pageErrors }) => {
    test.setTimeout(300_000);
    const buyer = await newBuyer(request, browser, ADMIN, { first_name: 'Lotte', last_name: 'Maes', domain: 'interventie-polder.example' });
    const code = `${CODE}-A`;
    const headers = await api(request);
    const created = await request.post('/api/v1/cost-centres', { headers, data: { code, name: 'Field kits', budget_cents: 100, period: 'month', buyer_ids: [buyer.id] } });
    expect(created.status(), await created.text()).toBe(201);
    try {
      // The administrator sets the rule on the cost centres page.
      await page.goto('/en');
      await signIn(page, request, ADMIN);
      await page.goto('/en/user/cost-centres');
      const ruleForm = page.getByRole('form', { name: 'Orders over budget' });
      await ruleForm.getByRole('combobox', { name: 'An order over what is left of the budget' }).selectOption('approval');
      await ruleForm.getByRole('button', { name: 'Save rule' }).click();
      await expect(ruleForm).toContainText('The rule was saved.');

      // The buyer's order is over the EUR 1.00 budget: once the cost centre is chosen, before
      // anything is placed (issue 44.14), the checkout says so and offers "Submit for approval".
      const { product, total } = await fillCart(request, buyer);
      const buyerContext = await browser.newContext();
      const buyerPage = await buyerContext.newPage();
      await buyerPage.goto('/en');
      await signIn(buyerPage, request, buyer);
      await checkout(buyerPage, product, { first: 'Lotte', last: 'Maes', code, name: 'Field kits' });
      const notice = buyerPage.getByTestId('budget-forecast');
      await expect(notice).toContainText(`This order exceeds the budget of cost centre ${code} — Field kits (${euros(100)} left)`);
      await expect(notice).toContainText('submit it for approval');
      await expectAccessible(buyerPage);
      await buyerPage.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(buyerPage).toHaveURL(/\/en\/my-orders\/approvals\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      const requestId = buyerPage.url().split('/').at(-1)!;
      const reason = `The order exceeds the budget of cost centre ${code} — Field kits: ${euros(100)} was left`;
      await expect(buyerPage.getByTestId('approval-reasons')).toContainText(reason);
      await buyerContext.close();

      // The administrator's queue says why; he approves it.
      await page.goto('/en/my-orders/approvals');
      const row = page.getByTestId('approvals-queue').locator(`[data-request="${requestId}"]`);
      await expect(row).toContainText('Lotte Maes');
      await expect(row.getByTestId('approval-reasons')).toContainText(reason);
      await expectAccessible(page);
      await row.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/en/my-orders/approvals/${requestId}$`));
      await page.getByRole('button', { name: 'Approve and place the order' }).click();
      const outcome = page.getByTestId('approval-outcome');
      await expect(outcome).toContainText('Approved by Mark de Vries', { timeout: 60_000 });
      const number = (await outcome.getByRole('link').innerText()).trim();

      // The order exists, charged to the cost centre past its budget, and says so.
      await page.goto(`/en/my-orders/${number}`);
      await expect(page.getByTestId('order-detail')).toContainText(`${code} — Field kits`);
      await expect(page.getByTestId('over-budget')).toContainText(`Approved over the budget by ${euros(total - 100)}`);
      await expectAccessible(page);
      const centres = (await (await request.get('/api/v1/cost-centres', { headers })).json()) as { cost_centres: { code: string; spent_cents: number }[] };
      expect(centres.cost_centres.find((c) => c.code === code)?.spent_cents).toBe(total);
    } finally {
      await request.put('/api/v1/budget-rule', { headers, data: { over_budget: 'refuse' } });
    }
    expect(pageErrors).toEqual([]);
  });
});

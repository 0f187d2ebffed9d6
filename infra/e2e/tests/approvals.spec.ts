import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, newBuyer, passwordGrant, signIn, test } from './fixtures';

// Issue 33, "an order that waits for approval and is approved": the police unit's administrator
// (Mark de Vries) invites a buyer and sets a rule that every order of that buyer needs approval; the
// buyer's checkout says so and "Place order" becomes "Submit for approval"; the buyer follows the
// request; the administrator is told by mail and sees the count on My orders, approves it from the
// queue, which places the order in the buyer's name; the buyer is told in the portal and by mail.
// Axe on the new pages. Eva Bakker is not used (auth.spec resets her password in the same run): the
// buyer is a new member, invited here.

const PASSWORD = 'DemoPortal!2025';
const POLICE_ADMIN = { email: 'mark.devries@interventie-polder.example', password: PASSWORD };

interface MailboxMessage {
  template: string;
  subject: string;
  payload: Record<string, unknown>;
}

async function mail(request: APIRequestContext, to: string, template: string, which: (m: MailboxMessage) => boolean = () => true): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as MailboxMessage[]).find((m) => m.template === template && which(m));
        return Boolean(found);
      },
      { timeout: 30_000, message: `a ${template} mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

async function api(request: APIRequestContext, user: { email: string; password: string }) {
  const { access_token } = await passwordGrant(request, user);
  return { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal', 'accept-language': 'en' };
}


/** Two of an orderable product in stock in the buyer's cart (emptied first). */
async function fillCart(request: APIRequestContext, buyer: { email: string; password: string }): Promise<{ id: string; name: string }> {
  const headers = await api(request, buyer);
  const range = (await (await request.get('/api/v1/catalog/products?page_size=96', { headers })).json()) as { items: { id: string; name: string; stock_state: string; orderable: boolean; max_quantity: number }[] };
  const product = range.items.find((p) => p.orderable && p.stock_state === 'in_stock' && p.max_quantity >= 3);
  expect(product, "an orderable product in stock in the police unit's range").toBeTruthy();
  const added = await request.post('/api/v1/cart/items', { headers, data: { product_id: product!.id, quantity: 2 } });
  expect(added.status(), await added.text()).toBe(200);
  return product!;
}

const account = (page: Page) => page.locator('[data-remote="account"]');
const orders = (page: Page) => page.locator('[data-remote="orders"]');

test('an order that meets a rule waits for approval, is approved from the queue and placed in the buyer\'s name', async ({ page, request, browser, pageErrors }) => {
  test.setTimeout(240_000);
  const buyer = await newBuyer(request, browser, POLICE_ADMIN, { first_name: 'Jonas', last_name: 'Aerts', domain: 'interventie-polder.example' });

  // The administrator sets the rule on the rules page, by keyboard-reachable controls.
  await signIn(page, request, POLICE_ADMIN);
  await page.goto('/en/user/users');
  await account(page).getByRole('link', { name: 'Approval rules' }).click();
  await expect(page).toHaveURL(/\/en\/user\/approval-rules$/);
  await expect(account(page).getByRole('heading', { level: 1 })).toHaveText('Approval rules');
  await expectAccessible(page);
  const rules = account(page);
  await rules.getByRole('radio', { name: 'they are placed by chosen users' }).check();
  await rules.getByTestId('rule-users').getByRole('checkbox', { name: 'Jonas Aerts' }).check();
  await rules.getByRole('button', { name: 'Add the rule' }).click();
  await expect(rules.getByText('The rule was added.')).toBeVisible();
  await expect(rules.getByTestId('approval-rules')).toContainText('Every order by: Jonas Aerts');
  await expectAccessible(page);

  try {
    // The buyer's checkout says the order needs approval and submits it.
    const product = await fillCart(request, buyer);
    const buyerContext = await browser.newContext();
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto('/en');
    await signIn(buyerPage, request, buyer);
    await buyerPage.goto('/en/checkout/overview');
    await expect(buyerPage.getByTestId('cart-line').filter({ hasText: product.name })).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Proceed to checkout' }).click();
    await buyerPage.getByRole('textbox', { name: 'Your order reference' }).fill('PO-APPROVAL-33');
    const methods = buyerPage.getByTestId('shipping-methods');
    await expect(methods.getByRole('radio').first()).toBeVisible();
    await methods.getByRole('radio').first().check();
    await buyerPage.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(buyerPage.getByTestId('approval-needed')).toContainText('This order needs approval');
    await expect(buyerPage.getByRole('button', { name: 'Place order', exact: true })).toHaveCount(0);
    await buyerPage.getByRole('textbox', { name: 'First name' }).fill('Jonas');
    await buyerPage.getByRole('textbox', { name: 'Last name' }).fill('Aerts');
    await buyerPage.getByRole('textbox', { name: 'Function' }).fill('Medic');
    await buyerPage.getByRole('textbox', { name: 'Full name' }).fill('Jonas Aerts');
    await buyerPage.getByRole('checkbox', { name: /authorised to place this order/ }).check();
    await expectAccessible(buyerPage);
    await buyerPage.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(buyerPage).toHaveURL(/\/en\/my-orders\/approvals\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const requestId = buyerPage.url().split('/').at(-1)!;
    await expect(orders(buyerPage).getByTestId('approval-outcome')).toContainText('This order is waiting for approval');
    await expect(orders(buyerPage).getByTestId('approval-reasons')).toContainText('Every order by this buyer needs approval');
    await expect(orders(buyerPage).getByRole('button', { name: 'Approve and place the order' })).toHaveCount(0);
    await expectAccessible(buyerPage);

    // The administrator is told by mail that it waits, and My orders counts what waits on the link to the queue.
    const waiting = await mail(request, POLICE_ADMIN.email, 'approval.submitted', (m) => String(m.payload.path).endsWith(`/my-orders/approvals/${requestId}`));
    expect(waiting.subject).toContain('Jonas Aerts');
    // The administrator finds it in the queue and approves it with a comment.
    await page.goto('/en/my-orders');
    await expect(orders(page).getByTestId('approvals-link')).toHaveText(/^Orders waiting for approval \(\d+\)$/);
    await orders(page).getByTestId('approvals-link').click();
    await expect(page).toHaveURL(/\/en\/my-orders\/approvals$/);
    const queue = orders(page).getByTestId('approvals-queue');
    await expect(queue.locator(`[data-request="${requestId}"]`)).toContainText('Jonas Aerts');
    await expectAccessible(page);
    await queue.locator(`[data-request="${requestId}"]`).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/en/my-orders/approvals/${requestId}$`));
    await expect(orders(page).getByTestId('approval-outcome')).toContainText('This order is waiting for your decision');
    await expectAccessible(page);
    await orders(page).getByRole('textbox', { name: 'Comment for the buyer' }).fill('Approved for the exercise');
    await orders(page).getByRole('button', { name: 'Approve and place the order' }).click();
    const outcome = orders(page).getByTestId('approval-outcome');
    await expect(outcome).toContainText('Approved by Mark de Vries', { timeout: 60_000 });
    const number = (await outcome.getByRole('link').innerText()).trim();
    expect(number).toMatch(/^SO-/);

    // The buyer sees it approved and placed, and was mailed; the order is theirs.
    await buyerPage.reload();
    await expect(orders(buyerPage).getByTestId('approval-outcome')).toContainText(`placed as order ${number}`);
    await expect(orders(buyerPage).getByTestId('approval-comment')).toContainText('Approved for the exercise');
    const told = await mail(request, buyer.email, 'approval.approved');
    expect(told.subject).toBe(`Your order was approved: ${number}`);
    const order = (await (await request.get(`/api/v1/my-orders/${number}`, { headers: await api(request, buyer) })).json()) as { number: string; external_reference?: string | null };
    expect(order.number).toBe(number);
    await buyerContext.close();
  } finally {
    // The rule names only the invited buyer; it is removed all the same.
    const headers = await api(request, POLICE_ADMIN);
    const list = (await (await request.get('/api/v1/approval-rules', { headers })).json()) as { items: { id: string; users: { id: string }[] }[] };
    for (const rule of list.items.filter((r) => r.users.some((u) => u.id === buyer.id))) await request.delete(`/api/v1/approval-rules/${rule.id}`, { headers });
  }
  expect(pageErrors).toEqual([]);
});

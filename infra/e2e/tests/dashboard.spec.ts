import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { clippedButtonLabels, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 7: the catalog's dashboard widgets on the signed-in home page, each loading and failing on
// its own.

type WidgetItem = { product: { name: string; article_code: string } };

/** What the API says a widget should list for the demo buyer, in the given language. */
async function widgetItems(request: APIRequestContext, widget: string, language = 'en'): Promise<WidgetItem[]> {
  const { access_token } = await passwordGrant(request);
  const res = await request.get(`/api/v1/catalog/widgets/${widget}`, {
    headers: { authorization: `Bearer ${access_token}`, 'x-shop-type': 'portal', 'accept-language': language },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: WidgetItem[] }).items;
}

const widget = (page: Page, id: string): Locator => page.locator(`[data-widget="${id}"]`);
const rows = (page: Page, id: string): Locator => widget(page, id).getByTestId('widget-products').locator('li');

test('the dashboard shows what the organisation orders most and what is new in its contract, to order again', async ({ page, request, pageErrors }) => {
  const frequent = await widgetItems(request, 'frequently-ordered');
  const fresh = await widgetItems(request, 'new-in-contract');
  expect(frequent.length).toBeGreaterThan(0);
  expect(fresh.length).toBeGreaterThan(0);

  await page.goto('/en');
  await signIn(page, request);
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const frequentSection = page.getByRole('region', { name: 'Frequently ordered' });
  const freshSection = page.getByRole('region', { name: 'New in your contract' });
  await expect(frequentSection).toBeVisible();
  await expect(freshSection).toBeVisible();
  // The widgets list exactly what the API ranks, in its order, with a price and a stock state each.
  await expect(rows(page, 'frequently-ordered')).toHaveCount(frequent.length);
  await expect(rows(page, 'new-in-contract')).toHaveCount(fresh.length);
  await expect(rows(page, 'frequently-ordered').first()).toContainText(frequent[0]!.product.name);
  await expect(rows(page, 'frequently-ordered').first()).toContainText(/Ordered (once|\d+ times) · last on/);
  await expect(rows(page, 'new-in-contract').first()).toContainText(fresh[0]!.product.name);
  await expect(rows(page, 'new-in-contract').first().getByTestId('price')).toBeVisible();
  await expect(rows(page, 'new-in-contract').first().locator('[data-stock-state]')).toBeVisible();
  await expectAccessible(page);

  // Order again from the widget: the product toast (the toast host loads on this first use).
  await rows(page, 'frequently-ordered').first().getByRole('button', { name: 'Add to cart' }).click();
  const toast = page.locator('[data-toast-type="success"]');
  await expect(toast).toContainText('Added to your cart');
  await expect(toast).toContainText(`1 × ${frequent[0]!.product.name}`);
  // Its description under the title reads at 4.5:1 (issue 44: Mantine draws it in gray.6, 3.32:1 on
  // white, which axe found in 8 of the walk's states). Hovered, the toast stays open while axe looks.
  await toast.hover();
  await expectAccessible(page);
  await expect(toast).toBeVisible();

  // The product link opens its detail page inside the catalog.
  await rows(page, 'new-in-contract').first().getByRole('link', { name: fresh[0]!.product.name }).click();
  await expect(page.locator('[data-remote="catalog"] h1')).toHaveText(fresh[0]!.product.name);
  expect(pageErrors).toEqual([]);
});

test('in Dutch and French the widgets speak the buyer\'s language', async ({ page, request }) => {
  const dutch = await widgetItems(request, 'new-in-contract', 'nl');
  await page.goto('/nl');
  await signIn(page, request);
  await page.goto('/nl');
  await expect(page.getByRole('region', { name: 'Vaak besteld' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nieuw in uw contract' })).toContainText('Toegevoegd op');
  await expect(rows(page, 'new-in-contract').first()).toContainText(dutch[0]!.product.name);
  await page.goto('/fr');
  await expect(page.getByRole('region', { name: 'Fréquemment commandés' })).toContainText('dernière fois le');
  await expect(page.getByRole('region', { name: 'Nouveau dans votre contrat' })).toBeVisible();
  expect(await clippedButtonLabels(page)).toEqual([]);
  await expectAccessible(page);
});

test('with the catalog down each widget shows its own unavailable panel, and the rest of the portal works', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  await page.route('**/remotes/catalog/**', (route) => route.abort('connectionrefused'));
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  for (const id of ['frequently-ordered', 'new-in-contract']) {
    await expect(widget(page, id).getByTestId('remote-unavailable')).toContainText('This part of the portal is temporarily unavailable', { timeout: 20_000 });
  }
  await expectAccessible(page);

  // Once the catalog is back, one widget's retry brings it in without a reload.
  await page.unroute('**/remotes/catalog/**');
  await widget(page, 'frequently-ordered').getByRole('button', { name: 'Try again' }).click();
  await expect(rows(page, 'frequently-ordered').first()).toBeVisible();

  // The shell's shortcuts still lead to another remote.
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'My orders' }).click();
  await expect(page.locator('[data-remote="orders"] h1')).toHaveText('My orders');
});

test('a widget whose data cannot be fetched says so with a retry, while the other widget shows its products', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  let failing = true;
  await page.route('**/api/v1/catalog/widgets/new-in-contract**', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"title":"Service unavailable","status":503}' }) : route.fallback(),
  );
  await page.goto('/en');
  const fresh = widget(page, 'new-in-contract');
  await expect(fresh.getByRole('alert')).toContainText('These products could not be loaded.');
  await expect(rows(page, 'frequently-ordered').first()).toBeVisible();
  failing = false;
  await fresh.getByRole('button', { name: 'Try again' }).click();
  await expect(rows(page, 'new-in-contract').first()).toBeVisible();
});

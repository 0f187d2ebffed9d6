import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';

// Issue 32, look and feel where layout needs a real browser: the signed-in header on one row at
// 1366 px in every language, the phone's collapsed menu and filters, and status badges never cut.
// Screenshots go to E2E_SHOTS when it is set (to look at them), nowhere otherwise.

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
};

test('the signed-in header stays on one row at 1366 and 1280 px in en, nl and fr', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto('/en/');
  await signIn(page, request);
  for (const [locale, width] of [['en', 1366], ['nl', 1366], ['fr', 1366], ['nl', 1280], ['fr', 1280]] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/${locale}/my-orders`);
    const header = page.locator('header').first();
    const nav = header.getByRole('navigation').first();
    await expect(nav).toBeVisible();
    await expect(header.getByRole('button', { name: /menu/i })).toBeHidden();
    // One row: the brand, the links and the tools share one line, and nothing spills out of it.
    // One row, and the links end before the language choice starts (no overlap, no overflow).
    const layout = await header.evaluate((el) => {
      const row = el.querySelector('div > div') as HTMLElement;
      const [, navBox, tools] = Array.from(row.children).map((c) => (c as HTMLElement).getBoundingClientRect());
      const list = row.querySelector('nav ul')!.getBoundingClientRect();
      return { height: row.getBoundingClientRect().height, overflow: row.scrollWidth - row.clientWidth, gap: tools!.left - Math.max(list.right, navBox!.right) };
    });
    expect(layout.height, `${locale} ${width} header height`).toBeLessThan(60);
    expect(layout.overflow, `${locale} ${width} header overflow`).toBeLessThanOrEqual(0);
    expect(layout.gap, `${locale} ${width} room between the links and the tools`).toBeGreaterThanOrEqual(8);
    await shot(page, `header-${width}-${locale}`);
    // The order list's status badges show their whole label.
    const badges = page.locator('[data-order-status]');
    await expect(badges.first()).toBeVisible();
    const cut = await badges.evaluateAll((list) => list.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent));
    expect(cut, `${locale} ${width} badges cut`).toEqual([]);
  }
});

test('on a phone the links fold behind a menu button and the shop shows products before its filters', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/nl/products?shop=tactical');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(page.locator('header nav[aria-label="Hoofdmenu"]')).toBeHidden();
  // The first product is on the first screen; the filters wait behind their button.
  const firstProduct = page.getByTestId("product-card").first();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Filters' })).toBeHidden();
  await expect(firstProduct).toBeInViewport();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-shop-nl');
  await menu.click();
  const panel = page.getByRole('navigation', { name: 'Menu' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Webshop' })).toBeInViewport();
  await expect(panel.getByRole('link', { name: 'Aanmelden' })).toBeInViewport();
  await shot(page, 'phone-menu-nl');
  await expectAccessible(page);
  await panel.getByRole('link').first().click();
  await expect(panel).toBeHidden();

  await page.goto('/fr/');
  await signIn(page, request);
  await page.goto('/fr/my-orders');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-orders-fr');
  await expectAccessible(page);
});

test("the visitor's home page shows each shop's families and products, in every language and on a phone", async ({ page }) => {
  test.setTimeout(180_000);
  for (const [locale, width] of [['en', 1366], ['nl', 1366], ['fr', 1366], ['xx', 1366], ['fr', 390]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${locale}/`);
    const medical = page.getByTestId('highlights-medical');
    await expect(medical.getByRole('navigation').getByRole('link').first()).toBeVisible();
    await expect(medical.locator('img').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} ${width} no sideways scroll`).toBeLessThanOrEqual(width);
    await shot(page, `home-${width}-${locale}`);
    await expectAccessible(page);
  }
});

test('the address step shows the order summary beside the form', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/nl/');
  await signIn(page, request);
  await page.goto('/nl/checkout/extra-info');
  const summary = page.getByRole('complementary', { name: 'Overzicht' });
  await expect(summary).toBeVisible();
  const form = page.locator('form').filter({ has: summary });
  const [formBox, summaryBox] = [await form.locator('> div > div').first().boundingBox(), await summary.boundingBox()];
  expect(summaryBox!.x, 'summary to the right of the form').toBeGreaterThan(formBox!.x + formBox!.width - 1);
  await shot(page, 'checkout-extra-info-nl');
  await expectAccessible(page);
});

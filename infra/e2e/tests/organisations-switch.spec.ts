import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectSoundLandmarks, passwordGrant, signIn, test } from './fixtures';

// Issue 33, decision 057: one person in two organisations. The demo buyer Ines belongs to the
// hospital and to the police unit; she switches in the header, by keyboard, and sees the other
// organisation's contract price of a product both contracts list, and the other organisation's cart.

const INES = { email: 'ines.dewitte@zorggroep-scheldeland.example', password: 'DemoPortal!2025' };
// The police unit's range as its administrator sees it (Eva Bakker's password is reset by auth.spec earlier in the run).
const POLICE_BUYER = { email: 'mark.devries@interventie-polder.example', password: 'DemoPortal!2025' };
const HOSPITAL = 'Zorggroep Scheldeland';
const POLICE = 'Interventie-eenheid Polder';

type Item = { id: string; slug: string; name: string; stock_state: string; price: { excl_vat: number } | null };

/** The contract range of the organisation a user signs in to, page by page, by slug. */
async function rangeOf(request: APIRequestContext, user: typeof INES, pages = 4): Promise<Map<string, Item>> {
  const token = (await passwordGrant(request, user)).access_token;
  const range = new Map<string, Item>();
  for (let page = 1; page <= pages; page++) {
    const res = await request.get(`/api/v1/catalog/products?page_size=96&page=${page}`, { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
    expect(res.status()).toBe(200);
    const items = ((await res.json()) as { items: Item[] }).items;
    for (const item of items) range.set(item.slug, item);
    if (items.length < 96) break;
  }
  return range;
}

const cents = async (page: Page) => Number((await page.getByTestId('price').locator('strong').innerText()).replace(/[^\d]/g, ''));
const picker = (page: Page, name: string) => page.getByRole('button', { name: `Acting for ${name}` });

/** Opens the picker by keyboard and chooses `target`; the menu closes and focus is back on the picker. */
async function switchByKeyboard(page: Page, from: string, target: string) {
  await picker(page, from).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: target });
  await expect(item).toBeVisible();
  await expectAccessible(page);
  // The open menu is inside a landmark (axe's region rule found it outside one in issue 44's walk).
  await expectSoundLandmarks(page);
  // Arrow keys move through the organisations (the current one is marked as current).
  await expect.poll(async () => {
    if (await item.evaluate((el) => el === document.activeElement)) return true;
    await page.keyboard.press('ArrowDown');
    return false;
  }).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`You now act for ${target}.`)).toBeVisible();
  await expect(picker(page, target)).toBeFocused();
}

test('a buyer of two organisations switches in the header and sees the other contract price and cart', async ({ page, request }) => {
  // A product both contracts list, at different prices (the hospital's is 12% off, the police unit's 8%).
  const [hospital, police] = [await rangeOf(request, INES), await rangeOf(request, POLICE_BUYER)];
  const shared = [...hospital.values()].find((item) => {
    const other = police.get(item.slug);
    return item.stock_state === 'in_stock' && item.price && other?.price && other.price.excl_vat !== item.price.excl_vat;
  });
  expect(shared, 'a product in both contracts at different prices').toBeDefined();
  const prices = { hospital: shared!.price!.excl_vat, police: police.get(shared!.slug)!.price!.excl_vat };

  await page.goto('/en');
  await signIn(page, request, INES);
  await page.goto(`/en/my-products/${shared!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shared!.name })).toBeVisible();
  await expect(picker(page, HOSPITAL)).toBeVisible();
  await expect.poll(() => cents(page)).toBe(prices.hospital);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');
  // The cart's toast closes by itself (10 s); axe below looks at the menu, not at that toast. It is
  // awaited first: on a quiet machine the header's count came before the toast, the wait for its
  // absence passed at once, and axe then met the toast fading in (its colours half painted).
  const toast = page.getByText('Added to your cart', { exact: true });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 30_000 });

  // To the police unit: its price on the same page, and its own cart, empty.
  await switchByKeyboard(page, HOSPITAL, POLICE);
  await expect.poll(() => cents(page)).toBe(prices.police);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');
  await expectAccessible(page);
  // A reload keeps the organisation (the tokens name it).
  await page.reload();
  await expect(picker(page, POLICE)).toBeVisible();
  await expect.poll(() => cents(page)).toBe(prices.police);

  // And back: the hospital's price and the line left in its cart.
  await switchByKeyboard(page, POLICE, HOSPITAL);
  await expect.poll(() => cents(page)).toBe(prices.hospital);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');

  // In Dutch and French the picker speaks the reader's language.
  await page.goto(`/nl/my-products/${shared!.slug}`);
  await expect(page.getByRole('button', { name: `U handelt voor ${HOSPITAL}` })).toBeVisible();
  await page.goto(`/fr/my-products/${shared!.slug}`);
  await expect(page.getByRole('button', { name: `Vous agissez pour ${HOSPITAL}` })).toBeVisible();

  // Leave the hospital's cart as found (the journey can run again on the same database).
  const token = (await passwordGrant(request, INES)).access_token;
  const removed = await request.delete(`/api/v1/cart/items/${shared!.id}`, { headers: { authorization: `Bearer ${token}`, 'x-shop-type': 'portal' } });
  expect(removed.ok()).toBe(true);
});

test('a buyer of one organisation has no picker', async ({ page, request }) => {
  await page.goto('/en');
  await signIn(page, request);
  // The picker asks which organisations the buyer has; with one, it shows nothing.
  const listed = page.waitForResponse((response) => response.url().includes('/api/v1/me/organisations') && response.ok());
  await page.goto('/en/my-products');
  await listed;
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('organisation-picker')).toHaveCount(0);
});

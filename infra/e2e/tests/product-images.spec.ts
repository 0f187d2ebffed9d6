import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

// Issue 19, "a web shop without pictures": product images in the lists and a keyboard-operable
// gallery on the detail page, in every language, served by the API in the sizes the page asks for,
// cached for ever, and axe-clean.

type Image = { path: string; alt: string; width: number; height: number };
type Item = { slug: string; name: string; image?: Image | null };
type Detail = Item & { images?: Image[] };

const SHOP = { 'x-shop-type': 'medical' };

async function publicItems(request: APIRequestContext): Promise<Item[]> {
  const res = await request.get('/api/v1/catalog/products?page_size=96', { headers: SHOP });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
}

/** The first public product whose detail has `count` images (the demo seed gives 0 to 3). */
async function productWithImages(request: APIRequestContext, count: number): Promise<Detail> {
  for (const item of await publicItems(request)) {
    if (count > 0 && !item.image) continue;
    if (count === 0 && item.image) continue;
    const res = await request.get(`/api/v1/catalog/products/${item.slug}`, { headers: { ...SHOP, 'accept-language': 'en' } });
    const detail = (await res.json()) as Detail;
    if ((detail.images ?? []).length === count) return detail;
  }
  throw new Error(`no public product with ${count} images on the first page`);
}

/** Waits until the image has been downloaded and decoded (a broken one has naturalWidth 0). */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: 'the image loads' }).toBe(true);
}

const cards = (page: Page) => page.getByTestId('product-card');
const gallery = (page: Page) => page.getByTestId('product-gallery');
const mainImage = (page: Page) => gallery(page).locator('img').first();

const VIEW = { en: 'front view', nl: 'vooraanzicht', fr: 'vue de face' } as const;

for (const locale of ['en', 'nl', 'fr'] as const) {
  test(`the medical shop shows each product's picture, with its alt text in ${locale}`, async ({ page, pageErrors }) => {
    await page.goto(`/${locale}/products?shop=medical`);
    const card = cards(page).filter({ has: page.locator('picture img') }).first();
    await expect(card).toBeVisible();
    const img = card.locator('picture img');
    await expect(img).toHaveAttribute('alt', new RegExp(`${VIEW[locale]}$`));
    await expect(img).toHaveAttribute('width', '1280');
    await expectLoaded(img);
    // Chromium takes the WebP source, at one of the offered widths.
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/api\/v1\/images\/[0-9a-f]{64}\/(160|320|640|1280)\.webp$/);
    await expectAccessible(page);
    expect(pageErrors).toEqual([]);
  });
}

test('the detail gallery switches by keyboard and every picture loads, cached for a year', async ({ page, request, pageErrors }) => {
  const product = await productWithImages(request, 3);
  const [front, closeUp, packaging] = product.images!;
  await page.goto(`/en/products/${product.slug}?shop=medical`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(mainImage(page)).toHaveAttribute('alt', front!.alt);
  await expectLoaded(mainImage(page));

  const thumbs = gallery(page).getByRole('group', { name: 'Product images' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
  // One tab stop: the selected thumbnail; the arrows move and show.
  await thumbs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(thumbs.nth(1)).toBeFocused();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(mainImage(page)).toHaveAttribute('alt', closeUp!.alt);
  await expectLoaded(mainImage(page));
  await page.keyboard.press('End');
  await expect(mainImage(page)).toHaveAttribute('alt', packaging!.alt);
  await expectLoaded(mainImage(page));
  await page.keyboard.press('Home');
  await expect(mainImage(page)).toHaveAttribute('alt', front!.alt);
  await expectAccessible(page);

  // What the page loaded is cached for a year under a content-addressed URL.
  const src = await mainImage(page).evaluate((el: HTMLImageElement) => el.currentSrc);
  const res = await request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers().etag).toBeTruthy();
  expect(pageErrors).toEqual([]);
});

test('a product without pictures shows a placeholder with an empty alt, and the detail in French names its pictures', async ({ page, request }) => {
  const bare = await productWithImages(request, 0);
  await page.goto(`/en/products/${bare.slug}?shop=medical`);
  await expect(page.getByRole('heading', { level: 1, name: bare.name })).toBeVisible();
  const placeholder = gallery(page).locator('img[data-placeholder]');
  await expect(placeholder).toHaveAttribute('alt', '');
  await expectLoaded(placeholder);
  await expect(gallery(page).getByRole('group')).toHaveCount(0);

  const product = await productWithImages(request, 2);
  await page.goto(`/fr/products/${product.slug}?shop=medical`);
  const thumbs = gallery(page).getByRole('group', { name: 'Images du produit' }).getByRole('button');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.nth(1)).toHaveAccessibleName(/^Afficher l'image 2 sur 2\s: .+, gros plan$/);
  await expect(mainImage(page)).toHaveAttribute('alt', /, vue de face$/);
  await expectAccessible(page);
});

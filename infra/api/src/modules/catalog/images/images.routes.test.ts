// Product images (issue 19): in the index, the detail and the cart in the reader's language, and
// served at fixed sizes with immutable caching, an ETag and a cache of rendered variants.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, CartSchema, CatalogPageSchema, CatalogProductSchema, IMAGE_ERRORS, imageUrl, type ProductImage } from '@portal/shared/schemas';
import { images } from '../tables';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LANGS = ['en', 'nl', 'fr'] as const;
const shop = (lang: string) => ({ 'x-shop-type': 'medical', 'accept-language': lang });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** A public medical-shop product with `n` images (by the seed's links). */
async function publicProductWith(n: number) {
  const [row] = await query<{ id: string; slug: string }>(
    t.app,
    sql`select p.id, p.slug from products p where p.shop in ('medical', 'both') and not p.contract_only
          and (select count(*) from product_images pi where pi.product_id = p.id) = ${n} order by p.slug limit 1`,
  );
  if (!row) throw new Error(`the seed has no public product with ${n} images`);
  return row;
}

const detail = async (slug: string, lang: string) => {
  const res = await get(`/api/v1/catalog/products/${slug}`, shop(lang));
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogProductSchema, res.json());
};

describe('images in the catalogue', () => {
  it('every index item carries its first image (or null) with the alt text in the request\'s language', async () => {
    const pages = await Promise.all(LANGS.map(async (lang) => v.parse(CatalogPageSchema, (await get('/api/v1/catalog/products?page_size=48', shop(lang))).json())));
    const [en, nl, fr] = pages.map((p) => p.items);
    const withImage = en!.filter((i) => i.image);
    expect(withImage.length).toBeGreaterThan(30);
    for (const item of withImage) {
      expect(item.image!.path).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}$/);
      expect(item.image!.alt).toContain(item.name);
      expect(item.image).toMatchObject({ width: 1280, height: 960 });
    }
    const first = withImage[0]!;
    const alt = (items: typeof en) => items!.find((i) => i.id === first.id)!.image!.alt;
    expect(new Set([alt(en), alt(nl), alt(fr)]).size).toBe(3);
    expect(alt(nl)).toMatch(/vooraanzicht$/);
    expect(alt(fr)).toMatch(/vue de face$/);
  });

  it('the detail lists every image in gallery order, each alt text translated', async () => {
    const row = await publicProductWith(3);
    const [en, nl, fr] = await Promise.all(LANGS.map((lang) => detail(row.slug, lang)));
    expect(en!.images).toHaveLength(3);
    expect(en!.images!.map((i) => i.alt)).toEqual([`${en!.name}, front view`, `${en!.name}, close-up`, `${en!.name} in its packaging`]);
    expect(nl!.images!.map((i) => i.alt)).toEqual([`${nl!.name}, vooraanzicht`, `${nl!.name}, detailbeeld`, `${nl!.name} in de verpakking`]);
    expect(fr!.images!.map((i) => i.alt)).toEqual([`${fr!.name}, vue de face`, `${fr!.name}, gros plan`, `${fr!.name} dans son emballage`]);
    expect(new Set(en!.images!.map((i) => i.path)).size).toBe(3);
    expect(en!.image).toEqual(en!.images![0]);
  });

  it('a product without images has none, and lists show null (the placeholder)', async () => {
    const row = await publicProductWith(0);
    const p = await detail(row.slug, 'en');
    expect(p.images).toEqual([]);
    expect(p.image).toBeNull();
    expect(p.image_url).toBeNull();
  });

  it('a cart line carries its product\'s first image', async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const contract = await contractOf(t.app, HOSPITAL_BUYER);
    const row = await contractProduct(
      t.app,
      contract,
      sql`cp.price_cents is not null and p.stock_level > 10 and p.active and exists (select 1 from product_images pi where pi.product_id = p.id)`,
    );
    const headers = { 'x-shop-type': 'portal', 'accept-language': 'fr', authorization: `Bearer ${token}` };
    const added = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload: { product_id: row.id, quantity: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    const line = v.parse(CartSchema, added.json()).lines.find((l) => l.product_id === row.id)!;
    expect(line.image?.path).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}$/);
    expect(line.image?.alt).toBe(`${line.name}, vue de face`);
  });
});

describe('GET /api/v1/images/:hash/:variant', () => {
  let image: ProductImage;
  beforeAll(async () => {
    image = (await detail((await publicProductWith(2)).slug, 'en')).images![0]!;
  });

  it('renders each width as WebP or JPEG at the original\'s aspect ratio, cached for a year', async () => {
    for (const [width, format] of [
      [320, 'webp'],
      [640, 'jpeg'],
      [1280, 'webp'],
    ] as const) {
      const res = await get(imageUrl(image.path, width, format));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}-\d+-\w+"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width, height: (width * image.height) / image.width });
    }
  });

  it('renders a variant once: the second request comes from the cache, and a known ETag gets 304', async () => {
    const url = imageUrl(image.path, 160, 'webp');
    const first = await get(url);
    const second = await get(url);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('two requests at once share one rendering', async () => {
    const url = imageUrl(image.path, 640, 'webp');
    const answers = await Promise.all([get(url), get(url)]);
    expect(answers.map((a) => a.headers['x-cache']).sort()).toEqual(['hit', 'miss']);
  });

  it('refuses a width or format it does not offer with IMAGE_BAD_VARIANT', async () => {
    for (const variant of ['500.webp', '640.avif', '640.png', '99999.jpeg']) {
      const res = await get(`${image.path}/${variant}`);
      expect(res.statusCode, variant).toBe(400);
      expect(res.json().code).toBe(IMAGE_ERRORS.BAD_VARIANT);
    }
    const malformed = await get(`${image.path}/large`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
  });

  it('answers 404 IMAGE_NOT_FOUND for an unknown hash, and for a stored image no product shows', async () => {
    const unknown = await get(`/api/v1/images/${'0'.repeat(64)}/320.webp`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(IMAGE_ERRORS.NOT_FOUND);
    const data = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#123456' } }).png().toBuffer();
    const hash = createHash('sha256').update(data).digest('hex');
    await t.app.database.db.insert(images).values({ hash, contentType: 'image/png', width: 8, height: 6, data });
    const unlinked = await get(`/api/v1/images/${hash}/160.webp`);
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().code).toBe(IMAGE_ERRORS.NOT_FOUND);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/images/{hash}/{variant}');
  });
});

// The demo catalogue's images: one to three views per product, drawn by product-art.ts. Each
// distinct picture is stored once (content-addressed) however many products use it, and stored as
// its SVG source: nothing is rendered at seed time, so the seed (run by every API test file and by
// `npm start` on a fresh database) stays as fast as before; the API renders sizes on request and
// keeps them (decision 020).
import { createHash } from 'node:crypto';
import type { I18nText } from '../modules/catalog/tables';
import { ART_HEIGHT, ART_WIDTH, drawProductArt, VIEWS, type View } from './product-art';
import { FAMILIES } from './taxonomy';

export interface SeedImage {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  data: Uint8Array;
}

export interface SeedProductImage {
  productId: string;
  position: number;
  imageHash: string;
  alt: I18nText;
}

/** What each view shows, said in each language after the product's name. */
const VIEW_ALT: Record<View, (name: string) => I18nText> = {
  front: (n) => ({ en: `${n}, front view`, nl: `${n}, vooraanzicht`, fr: `${n}, vue de face` }),
  'close-up': (n) => ({ en: `${n}, close-up`, nl: `${n}, detailbeeld`, fr: `${n}, gros plan` }),
  packaging: (n) => ({ en: `${n} in its packaging`, nl: `${n} in de verpakking`, fr: `${n} dans son emballage` }),
};

const FAMILY_OF = new Map(FAMILIES.flatMap((f) => f.subs.map((s) => [s.slug, f.slug] as const)));

/** The stored image of one view of a sub-category (same input, same bytes, same hash). */
export function demoImage(sub: string, view: View): SeedImage {
  const data = new TextEncoder().encode(drawProductArt(sub, FAMILY_OF.get(sub) ?? '', view));
  return { hash: createHash('sha256').update(data).digest('hex'), contentType: 'image/svg+xml', width: ART_WIDTH, height: ART_HEIGHT, data };
}

/**
 * How many views a product shows: one to three by its place in the catalogue; every 25th product
 * has none, so the demo also shows the placeholder.
 */
export const viewCountOf = (index: number) => (index % 25 === 24 ? 0 : 1 + (index % 3));

/** The images and product links of a catalogue; each distinct picture appears once in `images`. */
export function demoProductImages(products: { id: string; sub: string; name: I18nText }[]): { images: SeedImage[]; links: SeedProductImage[] } {
  const images = new Map<string, SeedImage>();
  const links: SeedProductImage[] = [];
  products.forEach((p, index) => {
    VIEWS.slice(0, viewCountOf(index)).forEach((view, position) => {
      const key = `${p.sub}/${view}`;
      let image = images.get(key);
      if (!image) images.set(key, (image = demoImage(p.sub, view)));
      const alt = VIEW_ALT[view];
      links.push({ productId: p.id, position, imageHash: image.hash, alt: { en: alt(p.name.en).en, nl: alt(p.name.nl).nl, fr: alt(p.name.fr).fr } });
    });
  });
  return { images: [...images.values()], links };
}

// Renders the sizes the shop shows from an image's original with sharp (libvips), and keeps each
// rendered variant in a memory LRU bounded by bytes: a variant is rendered once per process, and
// two requests for the same variant at the same moment share one rendering.
import { IMAGE_ERRORS, IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from '@portal/shared/schemas';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../../errors';
import type { ImagesRepository } from './images.repository';

export interface Variant {
  body: Buffer;
  contentType: string;
  /** True when this request had it rendered (false: from the cache). */
  rendered: boolean;
}

/** Quality settings: flat illustrations and photos both stay sharp at these. */
const ENCODE: Record<ImageFormat, (img: Sharp) => Sharp> = {
  webp: (img) => img.webp({ quality: 80 }),
  // JPEG has no transparency: a transparent original is laid on white.
  jpeg: (img) => img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }),
};

export const isImageWidth = (n: number): n is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(n);
export const isImageFormat = (s: string): s is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(s);

export function createImagesService(deps: { repo: ImagesRepository; cacheBytes?: number }) {
  const cache = new LRUCache<string, Buffer>({ maxSize: deps.cacheBytes ?? 64 * 1024 * 1024, sizeCalculation: (b) => b.length });
  const pending = new Map<string, Promise<Buffer | null>>();

  async function render(hash: string, width: ImageWidth, format: ImageFormat): Promise<Buffer | null> {
    const original = await deps.repo.original(hash);
    if (!original) return null;
    // SVG originals are rasterised at the density that gives the wanted width directly (crisp at
    // every size); a bitmap is only ever made smaller, never enlarged.
    const density = original.content_type === 'image/svg+xml' ? Math.max(1, Math.round((72 * width) / original.width)) : undefined;
    const img = sharp(original.data, { ...(density ? { density } : {}), limitInputPixels: 50_000_000 }).resize({ width, withoutEnlargement: !density });
    return ENCODE[format](img).toBuffer();
  }

  return {
    /** One rendered variant; 404 IMAGE_NOT_FOUND for a hash no product shows. */
    async variant(hash: string, width: ImageWidth, format: ImageFormat): Promise<Variant> {
      const key = `${hash}/${width}.${format}`;
      const contentType = `image/${format}`;
      const cached = cache.get(key);
      if (cached) return { body: cached, contentType, rendered: false };
      let job = pending.get(key);
      const mine = !job;
      if (!job) {
        job = render(hash, width, format).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      const body = await job;
      if (!body) throw new AppError(404, IMAGE_ERRORS.NOT_FOUND, 'No such image');
      if (mine) cache.set(key, body);
      return { body, contentType, rendered: mine };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;

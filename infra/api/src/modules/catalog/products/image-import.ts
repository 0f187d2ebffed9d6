// A product picture the supplier's PIM uploads (issue 29): checked and measured with sharp (as the
// images module renders them, decision 020), stored once by its content hash, and placed at a
// position of the product's gallery. The catalogue owns images and their links (decision 039); the
// imports module reaches this through CatalogueImportPort.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Tx } from '../../../db/client';
import { productImages, products, type I18nText } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';

const productRow = rowShape({ id: products.id });
const positionRow = rowShape({ position: productImages.position });
const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type ImagePutResult = 'applied' | 'unchanged' | 'unknown_product' | 'not_an_image';

export async function putProductImage(tx: Tx, articleCode: string, bytes: Buffer, position: number, alt: I18nText): Promise<ImagePutResult> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    return 'not_an_image';
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) return 'not_an_image';
  const [product] = await typedRows(tx, productRow, sql`select id from products where article_code = ${articleCode} for no key update`);
  if (!product) return 'unknown_product';
  const hash = createHash('sha256').update(bytes).digest('hex');
  await tx.execute(sql`insert into images (hash, content_type, width, height, data) values (${hash}, ${contentType}, ${meta.width}, ${meta.height}, ${bytes})
                       on conflict (hash) do nothing`);
  const written = await typedRows(
    tx,
    positionRow,
    sql`insert into product_images (product_id, position, image_hash, alt) values (${product.id}, ${position}, ${hash}, ${JSON.stringify(alt)}::jsonb)
        on conflict (product_id, position) do update set image_hash = excluded.image_hash, alt = excluded.alt
        where (product_images.image_hash, product_images.alt) is distinct from (excluded.image_hash, excluded.alt)
        returning position`,
  );
  return written.length ? 'applied' : 'unchanged';
}

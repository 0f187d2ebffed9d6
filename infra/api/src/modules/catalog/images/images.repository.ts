// Image originals by content hash. Only images some product shows are served: the table is the
// catalogue's picture store, not a general file store.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { images } from '../tables';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';

const imageOriginal = rowShape({ content_type: images.contentType, width: images.width, height: images.height, data: images.data });
export type ImageOriginal = RowOf<typeof imageOriginal>;

export function createImagesRepository(db: Db) {
  return {
    async original(hash: string): Promise<ImageOriginal | null> {
      const [found] = await typedRows(
        db,
        imageOriginal,
        sql`select i.content_type, i.width, i.height, i.data from images i
            where i.hash = ${hash} and exists (select 1 from product_images pi where pi.image_hash = i.hash)`,
      );
      return found ?? null;
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;

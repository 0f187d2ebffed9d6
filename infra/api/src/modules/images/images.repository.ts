// Image originals by content hash. Only images some product shows are served: the table is the
// catalogue's picture store, not a general file store.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';

export interface ImageOriginal {
  content_type: string;
  width: number;
  height: number;
  data: Uint8Array;
}

export function createImagesRepository(db: Db) {
  return {
    async original(hash: string): Promise<ImageOriginal | null> {
      const [found] = await rows<ImageOriginal>(
        db,
        sql`select i.content_type, i.width, i.height, i.data from images i
            where i.hash = ${hash} and exists (select 1 from product_images pi where pi.image_hash = i.hash)`,
      );
      return found ?? null;
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;

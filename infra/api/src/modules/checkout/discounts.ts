// A discount code's uses are the checkout's (decision 039): placement takes one, a failed,
// cancelled or expired payment gives it back, a retry takes it again, each on the caller's
// transaction through the DiscountPort the composition root hands them. Every use is a
// conditional update (never read then write).
import { eq, sql } from 'drizzle-orm';
import type { DiscountPort } from './contract';
import type { Tx } from '../../db/client';
import { discountCodes } from './tables';
import { rowShape, typedRows } from '../../db/typed-rows';

const usedRow = rowShape({ id: discountCodes.id });

export const discounts: DiscountPort = {
  async use(tx: Tx, id: number) {
    const used = await typedRows(
      tx,
      usedRow,
      sql`update discount_codes set used_count = used_count + 1 where id = ${id} and active
          and (max_uses is null or used_count < max_uses) and (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until >= now())
          returning id`,
    );
    return used.length > 0;
  },

  async useAgain(tx: Tx, id: number) {
    const used = await typedRows(tx, usedRow, sql`update discount_codes set used_count = used_count + 1 where id = ${id} and (max_uses is null or used_count < max_uses) returning id`);
    return used.length > 0;
  },

  async giveBack(tx: Tx, id: number) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
      .where(eq(discountCodes.id, id));
  },
};

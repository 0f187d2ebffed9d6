// An accepted quotation is ordered by placement (decision 039): the claim (the row locked, the
// reason it cannot be ordered) and the mark (its order, its history row) are the quotations
// module's SQL, run on placement's transaction through the QuotationPort the composition root
// hands the orders module.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { QuotationPort } from '../../common/ports';
import { assertOrderable, quotationOrdered, quotationScope } from '../../common/scope';
import type { Tx } from '../../db/client';
import { quotations } from '../../db/schema/orders';
import { rowShape, typedRows } from '../../db/typed-rows';

const claimRow = rowShape({ status: quotations.status, order_id: quotations.orderId, expired: v.boolean() });
const markedRow = rowShape({ id: quotations.id });

export const quotationPort: QuotationPort = {
  /**
   * The row is locked and must still be the caller's organisation's, accepted, within its
   * validity date and not ordered; anything else is answered with the reason (the transaction
   * rolls back). Placement claims first, so a second placement of the quotation (another key, the
   * same moment) waits on this row and then finds it ordered.
   */
  async claim(tx: Tx, caller, id) {
    const [row] = await typedRows(
      tx,
      claimRow,
      sql`select status, order_id, (valid_until is not null and valid_until < current_date) as expired
          from quotations where id = ${id} and ${quotationScope(caller, sql`organisation_id`)} for update`,
    );
    assertOrderable(row);
  },

  /** Conditional as well (the row is locked since the claim; the unique index quotations_order_uq backs it). */
  async markOrdered(tx: Tx, id, order, byUserId) {
    const [marked] = await typedRows(
      tx,
      markedRow,
      sql`update quotations set order_id = ${order.id}, updated_at = now() where id = ${id} and status = 'accepted' and order_id is null returning id`,
    );
    if (!marked) throw quotationOrdered();
    await tx.execute(sql`insert into quotation_history (quotation_id, event, by_user_id, note) values (${id}, 'ordered', ${byUserId}, ${order.number})`);
  },
};

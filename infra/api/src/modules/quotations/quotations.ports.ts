// An accepted quotation is ordered through the checkout (decision 039): the checkout prices its
// lines (`toOrder`), placement claims it (the row locked, the reason it cannot be ordered) and marks
// it ordered (its order, its history row). All three are the quotations module's SQL, reached
// through the QuotationPort the composition root hands the checkout and the orders modules.
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { QuotationPort } from './contract';
import { assertOrderable, quotationOrdered, quotationScope } from '../../common/scope';
import type { Tx } from '../../db/client';
import { isUuid } from '../../common/uuid';
import { products } from './links';
import { quotationLines, quotations } from './tables';
import type { EventsPort } from '../integration-events/contract';
import { writeQuotationHistory } from './quotation-events';
import { rowShape, typedRows } from '../../db/typed-rows';

const claimRow = rowShape({ status: quotations.status, order_id: quotations.orderId, expired: v.boolean() });
const toOrderRow = rowShape({ id: quotations.id, status: quotations.status, order_id: quotations.orderId, expired: v.boolean() });
const quotedLineRow = rowShape({
  product_id: products.id,
  slug: products.slug,
  article_code: products.articleCode,
  nsn: products.nsn,
  quantity: quotationLines.quantity,
  unit_price_cents: quotationLines.unitPriceCents,
  vat_rate: v.number(),
  name: v.string(),
});

/** `events`: marking a quotation ordered publishes quotation.ordered in placement's transaction (decision 066). */
export const createQuotationPort = (events: EventsPort): QuotationPort => ({
  async toOrder(db, caller, id, locale) {
    if (!isUuid(id)) return null;
    const [row] = await typedRows(
      db,
      toOrderRow,
      sql`select id, status, order_id, (valid_until is not null and valid_until < current_date) as expired
          from quotations where id = ${id} and ${quotationScope(caller, sql`organisation_id`)}`,
    );
    if (!row) return null;
    const lines = await typedRows(
      db,
      quotedLineRow,
      sql`select p.id as product_id, p.slug, p.article_code, p.nsn, l.quantity, l.unit_price_cents, (p.vat_rate_bp / 100.0)::float8 as vat_rate,
            coalesce(nullif((select name from product_translations t where t.product_id = p.id and t.locale = ${locale}), ''),
                     (select name from product_translations t where t.product_id = p.id and t.locale = 'en'), p.article_code) as name
          from quotation_lines l join products p on p.id = l.product_id where l.quotation_id = ${id} order by p.id`,
    );
    return { row, lines };
  },

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
    const [marked] = await tx
      .update(quotations)
      .set({ orderId: order.id, updatedAt: sql`now()` })
      .where(and(eq(quotations.id, id), eq(quotations.status, 'accepted'), isNull(quotations.orderId)))
      .returning({ id: quotations.id });
    if (!marked) throw quotationOrdered();
    await writeQuotationHistory(tx, events, id, 'ordered', byUserId, order.number);
  },
});

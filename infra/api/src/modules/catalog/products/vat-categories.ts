// Products' own VAT categories (zero-rated, exempt) for the VAT rule (decision 058): the checkout
// and the cart ask them through the ProductVatPort, the invoice reads them with its lines.
import { inArray, isNotNull, and } from 'drizzle-orm';
import type { ProductVatPort } from '../contract';
import { products } from '../tables';
import { isUuid } from '../../../common/uuid';

export const productVat: ProductVatPort = {
  async categories(db, ids) {
    const valid = [...new Set(ids)].filter((id) => isUuid(id));
    if (!valid.length) return new Map();
    const rows = await db
      .select({ id: products.id, category: products.vatCategory })
      .from(products)
      .where(and(inArray(products.id, valid), isNotNull(products.vatCategory)));
    return new Map(rows.flatMap((r) => (r.category === 'Z' || r.category === 'E' ? [[r.id, r.category] as const] : [])));
  },
};

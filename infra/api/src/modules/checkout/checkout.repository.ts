// Shipping rates and discount codes as the checkout reads them. Both are shop-wide settings (no
// organisation's data), except a discount code restricted to one organisation, which the service
// checks against the caller.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import { quotationScope } from '../../common/scope';
import { rows, type Db } from '../../db/client';
import type { ContentLocale } from '../../plugins/request-context';
import type { ShippingRate } from './checkout.pricing';
import { isUuid } from '../../common/uuid';
import { OFFERED_RATES } from '../../common/shipping-rates';

export interface DiscountRow {
  id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  organisation_id: string | null;
  current: boolean;
  max_uses: number | null;
  used_count: number;
  active: boolean;
}

/** An accepted quotation's line as the checkout prices it: the quoted unit price, the product's VAT rate. */
export interface QuotedLineRow {
  product_id: string;
  slug: string;
  name: string;
  article_code: string;
  nsn: string | null;
  quantity: number;
  unit_price_cents: number | null;
  vat_rate: number;
}

export interface QuotationRow {
  id: string;
  status: string;
  order_id: string | null;
  /** The validity date has passed (valid_until before today). */
  expired: boolean;
}


export function createCheckoutRepository(db: Db) {
  return {
    /**
     * A quotation of the organisation with its lines (the quotations module's tables, read here
     * rather than through its service: modules do not import each other, decision 015). Null:
     * no such quotation in this organisation (or not an id at all).
     */
    async quotation(caller: CustomerCaller, id: string, locale: ContentLocale): Promise<{ row: QuotationRow; lines: QuotedLineRow[] } | null> {
      if (!isUuid(id)) return null;
      const [row] = await rows<QuotationRow>(
        db,
        sql`select id, status, order_id, (valid_until is not null and valid_until < current_date) as expired
            from quotations where id = ${id} and ${quotationScope(caller, sql`organisation_id`)}`,
      );
      if (!row) return null;
      const lines = await rows<QuotedLineRow>(
        db,
        sql`select p.id as product_id, p.slug, p.article_code, p.nsn, l.quantity, l.unit_price_cents, p.vat_rate_bp / 100.0 as vat_rate,
              coalesce(nullif((select name from product_translations t where t.product_id = p.id and t.locale = ${locale}), ''),
                       (select name from product_translations t where t.product_id = p.id and t.locale = 'en'), p.article_code) as name
            from quotation_lines l join products p on p.id = l.product_id where l.quotation_id = ${id} order by p.id`,
      );
      return { row, lines: lines.map((l) => ({ ...l, vat_rate: Number(l.vat_rate) })) };
    },


    /** The active methods offered for a country, cheapest first, named in `locale`. */
    rates: (country: string, locale: ContentLocale) =>
      rows<ShippingRate & { name: string }>(
        db,
        sql`select m.id as method_id, m.code, coalesce(m.name->>${locale}, m.name->>'en') as name, r.price_cents as price_excl_vat, r.free_from_cents as free_from_excl_vat
            from ${OFFERED_RATES} and r.country = ${country} order by r.price_cents, m.code`,
      ),

    /** A discount code (stored upper-case) with whether today is within its validity dates. */
    async discount(code: string): Promise<DiscountRow | null> {
      const [row] = await rows<DiscountRow>(
        db,
        sql`select id, code, kind, value, organisation_id, max_uses, used_count, active,
                   (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until >= now()) as current
            from discount_codes where code = ${code.toUpperCase()}`,
      );
      return row ?? null;
    },
  };
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

// Shipping rates and discount codes as the checkout reads them. Both are shop-wide settings (no
// organisation's data), except a discount code restricted to one organisation, which the service
// checks against the caller. An accepted quotation is read through the quotations module's port.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { QuotationPort, QuotedLine } from '../../common/ports';
import { rows, type Db } from '../../db/client';
import type { ContentLocale } from '../../plugins/request-context';
import type { ShippingRate } from './checkout.pricing';

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

/** An accepted quotation's line as the checkout prices it (the quotations module reads it, decision 039). */
export type QuotedLineRow = QuotedLine;

export function createCheckoutRepository(db: Db, ports: { quotations: Pick<QuotationPort, 'toOrder'> }) {
  return {
    /** A quotation of the organisation with its lines, through the quotations module's port (decision 039). Null: none, or not an id. */
    quotation: (caller: CustomerCaller, id: string, locale: ContentLocale) => ports.quotations.toOrder(db, caller, id, locale),

    /** The active methods offered for a country, cheapest first, named in `locale`. */
    rates: (country: string, locale: ContentLocale) =>
      rows<ShippingRate & { name: string }>(
        db,
        sql`select m.id as method_id, m.code, coalesce(m.name->>${locale}, m.name->>'en') as name, r.price_cents as price_excl_vat, r.free_from_cents as free_from_excl_vat
            from shipping_rates r join shipping_methods m on m.id = r.shipping_method_id
            where m.active and r.country = ${country} order by r.price_cents, m.code`,
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

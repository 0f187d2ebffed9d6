// Shipping rates and discount codes as the checkout reads them. Both are shop-wide settings (no
// organisation's data), except a discount code restricted to one organisation, which the service
// checks against the caller. An accepted quotation is read through the quotations module's port.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { QuotationPort, QuotedLine } from '../../common/ports';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { discountCodes, shippingMethods, shippingRates } from '../../db/schema/orders';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import type { ContentLocale } from '../../plugins/request-context';

// The quote's reads stay hand-written (the checkout quote is a hot path: one statement each, run
// side by side), their rows typed from the tables (decision 040).

/** A shipping method offered for a country, named in the locale (the English name when it has none). */
const rateRow = rowShape({
  method_id: shippingMethods.id,
  code: shippingMethods.code,
  name: v.string(),
  price_excl_vat: shippingRates.priceCents,
  free_from_excl_vat: shippingRates.freeFromCents,
});

/** A discount code, with whether today is within its validity dates. */
const discountRow = rowShape({
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  value: discountCodes.value,
  organisation_id: discountCodes.organisationId,
  max_uses: discountCodes.maxUses,
  used_count: discountCodes.usedCount,
  active: discountCodes.active,
  current: v.boolean(),
});
export type DiscountRow = RowOf<typeof discountRow>;

/** An accepted quotation's line as the checkout prices it (the quotations module reads it, decision 039). */
export type QuotedLineRow = QuotedLine;

export function createCheckoutRepository(db: Db, ports: { quotations: Pick<QuotationPort, 'toOrder'> }) {
  return {
    /** A quotation of the organisation with its lines, through the quotations module's port (decision 039). Null: none, or not an id. */
    quotation: (caller: CustomerCaller, id: string, locale: ContentLocale) => ports.quotations.toOrder(db, caller, id, locale),

    /** The active methods offered for a country, cheapest first, named in `locale`. */
    rates: (country: string, locale: ContentLocale) =>
      typedRows(
        db,
        rateRow,
        sql`select m.id as method_id, m.code, coalesce(m.name->>${locale}, m.name->>'en') as name, r.price_cents as price_excl_vat, r.free_from_cents as free_from_excl_vat
            from shipping_rates r join shipping_methods m on m.id = r.shipping_method_id
            where m.active and r.country = ${country} order by r.price_cents, m.code`,
      ),

    /** A discount code (stored upper-case) with whether today is within its validity dates. */
    async discount(code: string): Promise<DiscountRow | null> {
      const [row] = await typedRows(
        db,
        discountRow,
        sql`select id, code, kind, value, organisation_id, max_uses, used_count, active,
                   (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until >= now()) as current
            from discount_codes where code = ${code.toUpperCase()}`,
      );
      return row ?? null;
    },
  };
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

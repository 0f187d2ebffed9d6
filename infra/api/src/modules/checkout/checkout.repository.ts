// Shipping rates and discount codes as the checkout reads them. Both are shop-wide settings (no
// organisation's data), except a discount code restricted to one organisation, which the service
// checks against the caller. An accepted quotation is read through the quotations module's port, the
// chosen cost centre's budget judged through the budgets' port.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { VatBuyerPort } from '../accounts/contract';
import type { BudgetPort } from '../budgets/contract';
import type { ProductVatPort } from '../catalog/contract';
import type { QuotationPort, QuotedLine } from '../quotations/contract';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { discountCodes, shippingMethods, shippingRates } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import type { ContentLocale } from '../../plugins/request-context';
import { OFFERED_RATES } from '../../common/shipping-rates';

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

export function createCheckoutRepository(
  db: Db,
  ports: { quotations: Pick<QuotationPort, 'toOrder'>; vatBuyers: VatBuyerPort; productVat: ProductVatPort; budgets: Pick<BudgetPort, 'forecast'> },
) {
  return {
    /** The caller's VAT facts (their organisation's), through the accounts' port (decision 058). */
    vatBuyer: (caller: CustomerCaller) => ports.vatBuyers.of(db, caller),

    /** The products' own VAT categories (zero-rated, exempt), through the catalogue's port. */
    productCategories: (ids: string[]) => ports.productVat.categories(db, ids),

    /** A quotation of the organisation with its lines, through the quotations module's port (decision 039). Null: none, or not an id. */
    quotation: (caller: CustomerCaller, id: string, locale: ContentLocale) => ports.quotations.toOrder(db, caller, id, locale),

    /** The order's total judged against the chosen cost centre's budget, by the charge's own rule (the budgets' port, decision 054). */
    budgetForecast: (caller: CustomerCaller, costCentreId: string, amountCents: number) => ports.budgets.forecast(db, caller, costCentreId, amountCents),

    /** The active methods offered for a country, cheapest first, named in `locale`. */
    rates: (country: string, locale: ContentLocale) =>
      typedRows(
        db,
        rateRow,
        sql`select m.id as method_id, m.code, coalesce(m.name->>${locale}, m.name->>'en') as name, r.price_cents as price_excl_vat, r.free_from_cents as free_from_excl_vat
            from ${OFFERED_RATES} and r.country = ${country} order by r.price_cents, m.code`,
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

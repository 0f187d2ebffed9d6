// The checkout: shipping methods for a country priced for what is ordered (cart, quotation or given lines), and the totals the
// server would charge (preview). `quote` is also what the order placement prices with (app.ts
// passes it to the orders module): one computation, so the preview and the order never disagree.
import {
  CHECKOUT_ERRORS,
  MESSAGE_KEYS as M,
  type AppliedDiscount,
  type Cart,
  type CartLine,
  type CheckoutPreview,
  type CheckoutPreviewRequest,
  type ShippingMethod,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { checkOrderGoods } from '../../common/order-amount';
import { assertOrderable, quotationNotFound, requireOrderingCustomer } from '../../common/scope';
import { AppError } from '../../errors';
import type { ShopScope } from '../../plugins/request-context';
import { goodsTotal, priceCheckout, shippingFor, type Money, type PricedLine, type ShippingRate } from './checkout.pricing';
import type { CheckoutRepository, DiscountRow, QuotedLineRow } from './checkout.repository';
import { vatLanguage, type VatBuyer } from '../../common/vat/vat-buyer';
import { inclVat } from '../../common/vat/price';
import { vatRegime, type VatRegime } from '../../common/vat/vat-category';

/** What the checkout needs from the cart module: the caller's cart lines, priced for the scope. */
export interface CheckoutCart {
  /** The priced lines alone (a quote needs neither the cart's totals nor its shipping threshold: one query less per placement). */
  lines(scope: ShopScope, caller: Caller): Promise<CartLine[]>;
  /** Given lines priced as the cart's are (an order of given lines); a product the scope does not show is left out. */
  priced(scope: ShopScope, caller: Caller, lines: { product_id: string; quantity: number }[]): Promise<CartLine[]>;
}

export const invalidDiscount = () =>
  new AppError(422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'Invalid discount code', [{ path: 'discount_code', message: M.invalidDiscountCode }]);
export const noShippingMethod = () =>
  new AppError(422, CHECKOUT_ERRORS.NO_SHIPPING_METHOD, 'No shipping method available for this country', [{ path: 'shipping_method', message: M.noShippingMethod }]);

/**
 * Lines that can never be ordered as they are: outside the contract or without a price. A line
 * "not available" for lack of stock is priced and left to the placement's stock check, which
 * answers OUT_OF_STOCK with what is available.
 */
const NEVER_ORDERABLE = new Set(['not_within_contract', 'price_on_request']);
const orderable = (l: CartLine) => l.unit_price !== null && !NEVER_ORDERABLE.has(l.stock);

/** Everything a checkout is priced from, and the price. */
export interface Quote {
  /** The cart, or an accepted quotation's lines (`quotationId`). */
  cart: Pick<Cart, 'lines'>;
  quotationId: string | null;
  /** The orderable lines, in product-id order (the order stock is taken in); `charged_vat_rate`: the rate charged (0 where not S). */
  lines: (PricedLine & { name: string; charged_vat_rate: number })[];
  /** Lines that can no longer be ordered (not within contract, price on request, not available). */
  notOrderable: CartLine[];
  shipping: ShippingRate | null;
  discount: { id: number; applied: AppliedDiscount } | null;
  money: Money;
  /** How the order is taxed and the buyer's facts it was decided from (the order stores both, decision 058). */
  vat: { regime: VatRegime; buyer: VatBuyer };
}

export interface QuoteRequest {
  delivery_country?: string | undefined;
  shipping_method?: string | undefined;
  discount_code?: string | undefined;
  quotation_id?: string | undefined;
  /** Given lines instead of the cart (an order of given lines), priced as the cart's would be. */
  lines?: { product_id: string; quantity: number }[] | undefined;
}

const byProductId = (a: { product_id: string }, b: { product_id: string }) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0);

/** An accepted quotation's lines as cart lines (what the preview shows), at the quoted prices. */
function quotedCartLine(l: QuotedLineRow): CartLine {
  const unit = l.unit_price_cents ?? 0;
  // Incl. VAT by the VAT rule's rounding (informative: the quote's totals are priceCheckout's).
  const incl = (cents: number) => inclVat(cents, Math.round(l.vat_rate * 100));
  return {
    product_id: l.product_id,
    slug: l.slug,
    name: l.name,
    article_code: l.article_code,
    nsn: l.nsn,
    quantity: l.quantity,
    unit_price: { excl_vat: unit, incl_vat: incl(unit), vat_rate: l.vat_rate },
    line_total: { excl_vat: unit * l.quantity, incl_vat: incl(unit * l.quantity), vat_rate: l.vat_rate },
    // The stock is checked when the order is placed (OUT_OF_STOCK), as for any order.
    max_quantity: l.quantity,
    stock: 'in_stock',
    image: null,
  };
}

/** Whether a code may be used by this caller now (active, within its dates and usage limit, their organisation's or everyone's). */
function usable(row: DiscountRow | null, caller: CustomerCaller): row is DiscountRow {
  if (!row || !row.active || !row.current) return false;
  if (row.organisation_id !== null && row.organisation_id !== caller.organisationId) return false;
  return row.max_uses === null || row.used_count < row.max_uses;
}

const applied = (row: DiscountRow): AppliedDiscount =>
  row.kind === 'percent' ? { code: row.code, kind: 'percentage', value: row.value / 100 } : { code: row.code, kind: 'fixed', value: row.value };

export function createCheckoutService(deps: { repo: CheckoutRepository; cart: CheckoutCart; sellerCountry: string }) {
  const { repo, cart, sellerCountry } = deps;

  /**
   * The caller's organisation's accepted, unexpired, not yet ordered quotation as the goods to
   * order (the placement claims it again with a conditional update: this check is for the message).
   */
  async function quotedGoods(scope: ShopScope, customer: CustomerCaller, id: string): Promise<Pick<Cart, 'lines'>> {
    const found = await repo.quotation(customer, id, scope.locale);
    if (!found) throw quotationNotFound();
    assertOrderable(found.row, found.lines.some((l) => l.unit_price_cents === null));
    return { lines: found.lines.map(quotedCartLine) };
  }

  /**
   * What would be ordered: an accepted quotation's lines (`quotationId`) or the cart, with its
   * orderable lines priced. The shipping list, the preview and the placement all start here.
   */
  async function orderedGoods(scope: ShopScope, customer: CustomerCaller, quotationId: string | undefined, given?: QuoteRequest['lines']) {
    // The cart's lines alone: its "free from" summary is not needed to price what is ordered.
    const current = quotationId
      ? await quotedGoods(scope, customer, quotationId)
      : { lines: given ? await cart.priced(scope, customer, given) : await cart.lines(scope, customer) };
    const lines = current.lines
      .filter(orderable)
      .map((l) => ({ product_id: l.product_id, name: l.name, quantity: l.quantity, unit_excl_vat: l.unit_price!.excl_vat, vat_rate: l.unit_price!.vat_rate }))
      .sort(byProductId);
    return { cart: current, lines, notOrderable: current.lines.filter((l) => !orderable(l)) };
  }

  async function quote(scope: ShopScope, caller: Caller, req: QuoteRequest): Promise<Quote> {
    const customer = requireOrderingCustomer(caller);
    // The goods, the code and the rates in one round trip's time: none depends on another (a
    // placement prices the goods once per attempt, so a sequential rates read was a round trip per order).
    const wantsShipping = Boolean(req.delivery_country && req.shipping_method);
    const [goods, code, rates, buyer] = await Promise.all([
      orderedGoods(scope, customer, req.quotation_id, req.lines),
      req.discount_code ? repo.discount(req.discount_code) : null,
      wantsShipping ? repo.rates(req.delivery_country!, scope.locale) : null,
      repo.vatBuyer(customer),
    ]);
    const categories = goods.lines.length ? await repo.productCategories(goods.lines.map((l) => l.product_id)) : new Map<string, 'Z' | 'E'>();
    let shipping: ShippingRate | null = null;
    if (wantsShipping) {
      shipping = rates?.find((r) => r.code === req.shipping_method) ?? null;
      if (!shipping) throw noShippingMethod();
    }
    if (req.discount_code && !usable(code, customer)) throw invalidDiscount();
    const discount = code && req.discount_code ? { id: code.id, applied: applied(code) } : null;
    // Where the goods go decides an intra-community supply (K) or an export (G); before an address
    // is chosen, the buyer's own country (decision 058).
    const regime = vatRegime(buyer, req.delivery_country ?? buyer.country, sellerCountry);
    const lines = goods.lines.map((l) => ({ ...l, product_category: categories.get(l.product_id) ?? null }));
    const money = priceCheckout(lines, shipping, discount?.applied ?? null, { buyer, regime, language: vatLanguage(scope.locale) });
    // The preview and the placement both quote: past the order maximum both refuse alike.
    checkOrderGoods(money.subtotal_excl_vat, 'lines');
    const charged = lines.map((l, i) => ({ ...l, charged_vat_rate: money.line_rates[i]! }));
    return { ...goods, lines: charged, quotationId: req.quotation_id ?? null, shipping, discount, money, vat: { regime, buyer } };
  }

  return {
    quote,

    /**
     * The methods offered for a country, each priced for what would be ordered (the cart, or the
     * accepted quotation `quotationId`): 0 from its "free from", by the rule the preview charges.
     */
    async shippingMethods(scope: ShopScope, caller: Caller, country: string, quotationId?: string): Promise<ShippingMethod[]> {
      const customer = requireOrderingCustomer(caller);
      const [goods, rates] = await Promise.all([orderedGoods(scope, customer, quotationId), repo.rates(country, scope.locale)]);
      const total = goodsTotal(goods.lines);
      return rates.map((r) => ({ code: r.code, name: r.name, price_excl_vat: shippingFor(r, total), free_from_excl_vat: r.free_from_excl_vat }));
    },

    /**
     * The totals, and with `cost_centre_id` the order judged against what is left of that cost
     * centre's budget (issue 44.14): the buyer learns before placing what placement would answer.
     */
    async preview(scope: ShopScope, caller: Caller, req: CheckoutPreviewRequest): Promise<CheckoutPreview> {
      const q = await quote(scope, caller, req);
      // Placement charges the total including VAT (BudgetCharge.amountCents).
      const forecast = req.cost_centre_id ? await repo.budgetForecast(requireOrderingCustomer(caller), req.cost_centre_id, q.money.incl_vat) : null;
      return {
        ...(forecast ? { budget: { cost_centre: forecast.costCentre, remaining_cents: forecast.remainingCents, outcome: forecast.outcome } } : {}),
        lines: q.cart.lines,
        totals: {
          excl_vat: q.money.excl_vat,
          vat: q.money.vat,
          incl_vat: q.money.incl_vat,
          shipping_excl_vat: q.money.shipping_excl_vat,
          discount_excl_vat: q.money.discount_excl_vat,
          vat_mentions: q.money.vat_mentions,
        },
        discount: q.discount?.applied ?? null,
      };
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

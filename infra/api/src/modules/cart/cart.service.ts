// The cart: priced for the shop of the request, limited by what can be ordered (stock, unless on
// backorder) including what the cart already holds. Products are looked up through the port below,
// which app.ts fills with the catalogue's repository: the cart does not import the catalogue.
// A signed-in customer has a cart; so has a visitor's anonymous session in the public shops, which
// merges into the customer's cart at sign-in.
import {
  CART_ERRORS,
  CATALOG_ERRORS,
  type AddToCart,
  type Cart,
  type CartMergeChange,
  type CartLine,
  type CartMergeResult,
  type CatalogProductSummary,
  type FieldError,
} from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { checkOrderGoods, goodsCents } from '../../common/order-amount';
import { requireCustomer } from '../../common/scope';
import { AppError } from '../../errors';
import { inclVat, priceMoney } from '../../common/vat/price';
import { consumer, vatLanguage, type VatBuyer } from '../../common/vat/vat-buyer';
import { vatRegime } from '../../common/vat/vat-category';
import type { ShopScope } from '../../plugins/request-context';
import type { CartOwner, CartRepository, CartRow, CartState } from './cart.repository';

/** What the cart needs from the catalogue: products as the scope shows and prices them. */
export interface CartProducts {
  summariesByIds(scope: ShopScope, ids: string[]): Promise<Map<string, CatalogProductSummary>>;
}

/**
 * How the cart's totals are taxed (decision 058): the buyer's VAT facts and the products' own
 * categories (the accounts' and the catalogue's ports, app.ts), the seller's country. The cart
 * has no delivery address yet: it assumes the goods go to the buyer's own country, as the checkout
 * does until an address is chosen.
 */
export interface CartVat {
  buyer(owner: CartOwner): Promise<VatBuyer>;
  categories(ids: string[]): Promise<Map<string, 'Z' | 'E'>>;
  sellerCountry: string;
}

/** Reads the session id of a valid anonymous access token (null otherwise); app.ts fills it with the token signer. */
export type AnonymousTokenReader = (token: string) => Promise<string | null>;

/**
 * Whose cart the request uses: a signed-in customer's; an anonymous session's in a public shop (the
 * portal scope already refuses it). Staff are refused (403: a 401 would send them round the
 * sign-in loop); visitors without a session are asked to sign in.
 */
export function cartOwner(caller: Caller, scope: ShopScope): CartOwner {
  if (caller.kind === 'anonymous' && scope.shop !== 'portal') return { kind: 'anonymous', sessionId: caller.sessionId };
  const customer = requireCustomer(
    caller,
    { code: CATALOG_ERRORS.CUSTOMERS_ONLY, message: 'Ordering is for customer accounts' },
    { code: CATALOG_ERRORS.LOGIN_REQUIRED, message: 'Sign in to order' },
  );
  return { kind: 'user', userId: customer.userId, organisationId: customer.organisationId };
}

const overStock = (path: string, allowed: number) =>
  new AppError(409, CART_ERRORS.QUANTITY_OVER_STOCK, `You can add maximum ${allowed}`, [{ path, message: 'quantity.maximumAllowed', values: { count: allowed } }]);

/** Why a line cannot be added, as a 4xx with a stable code and the count the client shows. */
function checkLine(product: CatalogProductSummary | undefined, inCart: number, quantity: number, path: string): void {
  if (!product) throw new AppError(404, CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'No such product in this shop');
  if (!product.orderable) throw new AppError(409, CART_ERRORS.NOT_ORDERABLE, `This product cannot be ordered (${product.stock_state})`);
  const allowed = product.max_quantity - inCart;
  if (allowed <= 0) {
    const errors: FieldError[] = [{ path, message: 'quantity.maximumReached', values: { count: product.max_quantity } }];
    throw new AppError(409, CART_ERRORS.MAXIMUM_REACHED, 'Maximum number reached', errors);
  }
  if (quantity > allowed) throw overStock(path, allowed);
}

/** What merging one anonymous line keeps, and why it changed. */
function mergeLine(product: CatalogProductSummary | undefined, line: CartRow, held: number): { kept: number; change: CartMergeChange | null } {
  const change = (kind: CartMergeChange['kind'], kept: number): CartMergeChange => ({
    product_id: line.product_id,
    name: product?.name ?? '',
    kind,
    requested: line.quantity,
    kept,
  });
  if (!product || product.stock_state === 'not_within_contract') return { kept: 0, change: change('not_in_contract', 0) };
  if (!product.orderable) return { kept: 0, change: change('not_available', 0) };
  const kept = Math.max(0, Math.min(line.quantity, product.max_quantity - held));
  return { kept, change: kept < line.quantity ? change('quantity_reduced', kept) : null };
}

/** The cart's goods as priced for the scope (decision 035): a product not priced here counts nothing. */
const cartGoods = (held: Map<string, number>, priced: Map<string, CatalogProductSummary>) =>
  goodsCents([...held].map(([id, quantity]) => ({ unitExclVat: priced.get(id)?.price?.excl_vat ?? null, quantity })));

/**
 * The products of the request and of the cart, as the scope prices them: the order maximum counts
 * the whole cart. The answer then prices its lines from these (no second lookup).
 */
async function withCartProducts(repo: CartRepository, products: CartProducts, scope: ShopScope, owner: CartOwner, ids: string[]) {
  const held = await repo.lines(owner);
  return products.summariesByIds(scope, [...new Set([...ids, ...held.map((l) => l.product_id)])]);
}

export function createCartService(deps: { repo: CartRepository; products: CartProducts; anonymousSession: AnonymousTokenReader; vat: CartVat }) {
  const { repo, products, anonymousSession, vat } = deps;

  /**
   * The owner's lines priced for the scope. `known`: summaries this request already read (an add
   * checks its products first): only the other products are looked up. `held`: the lines, when
   * already read.
   */
  async function pricedLines(scope: ShopScope, owner: CartOwner, known?: Map<string, CatalogProductSummary>, held?: CartRow[]): Promise<CartLine[]> {
    const lines = held ?? (await repo.lines(owner));
    const missing = lines.map((l) => l.product_id).filter((id) => !known?.has(id));
    const found = missing.length ? await products.summariesByIds(scope, missing) : new Map<string, CatalogProductSummary>();
    return lines.flatMap((l) => {
      const p = found.get(l.product_id) ?? known?.get(l.product_id);
      return p
        ? [
            {
              product_id: p.id,
              slug: p.slug,
              name: p.name,
              article_code: p.article_code,
              quantity: l.quantity,
              unit_price: p.price,
              max_quantity: p.max_quantity,
              nsn: p.nsn,
              image: p.image ?? null,
              stock: p.stock_state,
              // The line's amount incl. VAT on its net amount (rounded once), never the unit's incl. × quantity.
              line_total: p.price ? { ...p.price, excl_vat: p.price.excl_vat * l.quantity, incl_vat: inclVat(p.price.excl_vat * l.quantity, Math.round(p.price.vat_rate * 100)) } : null,
            },
          ]
        : [];
    });
  }

  /** The cart's answer. `state`: the lines and threshold when already read (an add answers them). */
  async function read(scope: ShopScope, owner: CartOwner, known?: Map<string, CatalogProductSummary>, state?: CartState): Promise<Cart> {
    // The lines and the shipping threshold in one statement; then the products not already known.
    const { lines, freeFrom } = state ?? (await repo.withFreeFrom(owner));
    const [out, buyer, categories] = await Promise.all([
      pricedLines(scope, owner, known, lines),
      owner.kind === 'user' ? vat.buyer(owner) : consumer(vat.sellerCountry),
      lines.length ? vat.categories(lines.map((l) => l.product_id)) : new Map<string, 'Z' | 'E'>(),
    ]);
    // The totals by the VAT rule (per rate on the sum of the lines, as the checkout and the invoice):
    // never the sum of per-unit incl. prices × quantity, which drifts by a cent (issue 40).
    const priced = out.filter((l) => l.line_total !== null);
    const money = priceMoney({
      lines: priced.map((l) => ({ netCents: l.line_total!.excl_vat, rateBp: Math.round(l.line_total!.vat_rate * 100), productCategory: categories.get(l.product_id) ?? null })),
      discountCents: 0,
      shipping: null,
      buyer,
      regime: vatRegime(buyer, buyer.country, vat.sellerCountry),
      language: vatLanguage(scope.locale),
    });
    priced.forEach((l, i) => {
      const rateBp = money.lines[i]!.rateBp;
      l.line_total = { excl_vat: l.line_total!.excl_vat, incl_vat: inclVat(l.line_total!.excl_vat, rateBp), vat_rate: rateBp / 100 };
    });
    const excl = money.totals.exclVatCents;
    return {
      lines: out,
      item_count: out.reduce((s, l) => s + l.quantity, 0),
      total: { excl_vat: excl, incl_vat: money.totals.inclVatCents },
      shipping_free_from_excl_vat: freeFrom,
      shipping_free_missing_excl_vat: freeFrom === null ? null : Math.max(0, freeFrom - excl),
    };
  }

  return {
    read: (scope: ShopScope, caller: Caller) => read(scope, cartOwner(caller, scope)),

    /** Only the priced lines (what an order is priced from): no shipping threshold, no totals. */
    lines: (scope: ShopScope, caller: Caller) => pricedLines(scope, cartOwner(caller, scope)),

    /** Given lines (not the cart's) priced for the scope as the cart's are; a product the scope does not show is left out. */
    priced: (scope: ShopScope, caller: Caller, lines: CartRow[]) => pricedLines(scope, cartOwner(caller, scope), undefined, lines),

    /** Adds lines (all or none); each is checked against stock including what the cart holds. */
    async add(scope: ShopScope, caller: Caller, lines: AddToCart[], pathOf: (i: number) => string): Promise<Cart> {
      const owner = cartOwner(caller, scope);
      const found = await withCartProducts(repo, products, scope, owner, lines.map((l) => l.product_id));
      const after = await repo.add(owner, lines, (held) => {
        const inCart = new Map(held);
        lines.forEach((line, i) => {
          checkLine(found.get(line.product_id), inCart.get(line.product_id) ?? 0, line.quantity, pathOf(i));
          inCart.set(line.product_id, (inCart.get(line.product_id) ?? 0) + line.quantity);
        });
        checkOrderGoods(cartGoods(inCart, found), pathOf(lines.length - 1));
      });
      // The cart as the add left it; the products just checked are priced as they were read (the
      // same request, a moment ago).
      return read(scope, owner, found, after);
    },

    /** Sets a line's quantity, at most what can be ordered ("You can add maximum {count}"). */
    async set(scope: ShopScope, caller: Caller, productId: string, quantity: number): Promise<Cart> {
      const owner = cartOwner(caller, scope);
      const found = await withCartProducts(repo, products, scope, owner, [productId]);
      const product = found.get(productId);
      await repo.set(owner, { product_id: productId, quantity }, (held, cart) => {
        if (held === undefined) throw new AppError(404, CART_ERRORS.LINE_NOT_FOUND, 'This product is not in the cart');
        if (!product) throw new AppError(404, CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'No such product in this shop');
        if (!product.orderable) throw new AppError(409, CART_ERRORS.NOT_ORDERABLE, `This product cannot be ordered (${product.stock_state})`);
        if (quantity > product.max_quantity) throw overStock('quantity', product.max_quantity);
        checkOrderGoods(cartGoods(new Map(cart).set(productId, quantity), found), 'quantity');
      });
      return read(scope, owner, found);
    },

    async remove(scope: ShopScope, caller: Caller, productId: string): Promise<Cart> {
      const owner = cartOwner(caller, scope);
      await repo.remove(owner, productId);
      return read(scope, owner);
    },

    /**
     * Merges the anonymous session's cart into the signed-in customer's: quantities capped by
     * stock and contract, every change reported; the anonymous cart is emptied in the same
     * transaction, so merging twice adds nothing the second time.
     */
    async merge(scope: ShopScope, caller: Caller, anonymousToken: string): Promise<CartMergeResult> {
      const owner = cartOwner(caller, scope);
      if (owner.kind !== 'user') throw new AppError(401, CATALOG_ERRORS.LOGIN_REQUIRED, 'Sign in to merge a cart');
      const sessionId = await anonymousSession(anonymousToken);
      if (!sessionId) {
        throw new AppError(422, CART_ERRORS.MERGE_TOKEN_INVALID, 'Not a valid anonymous session', [{ path: 'anonymous_token', message: 'validation.invalid.value' }]);
      }
      // Products are read before the lock (the catalogue query is long); the lock decides on counts.
      const pending = await repo.anonymousLines(sessionId);
      const found = await products.summariesByIds(scope, pending.map((l) => l.product_id));
      const { changes, merged } = await repo.merge(owner, sessionId, (anonymous, held) => {
        const add: CartRow[] = [];
        const report: CartMergeChange[] = [];
        for (const line of anonymous) {
          const product = found.get(line.product_id);
          const { kept, change } = mergeLine(product, line, held.get(line.product_id) ?? 0);
          if (change) report.push(change);
          if (kept > 0) {
            add.push({ product_id: line.product_id, quantity: kept });
            held.set(line.product_id, (held.get(line.product_id) ?? 0) + kept);
          }
        }
        return { add, result: { changes: report, merged: add.length } };
      });
      return { cart: await read(scope, owner), changes, merged };
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;

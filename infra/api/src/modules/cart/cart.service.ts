// The cart: priced for the shop of the request, limited by what can be ordered (stock, unless on
// backorder) including what the cart already holds. Products are looked up through the port below,
// which app.ts fills with the catalogue's repository: the cart does not import the catalogue.
import {
  CART_ERRORS,
  CATALOG_ERRORS,
  type AddToCart,
  type Cart,
  type CatalogProductSummary,
  type FieldError,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { AppError } from '../../errors';
import type { ShopScope } from '../../plugins/request-context';
import type { CartRepository } from './cart.repository';

/** What the cart needs from the catalogue: products as the scope shows and prices them. */
export interface CartProducts {
  summariesByIds(scope: ShopScope, ids: string[]): Promise<Map<string, CatalogProductSummary>>;
}

/** Only a signed-in customer has a cart here; a visitor is asked to sign in (login-required dialog). */
export function requireCustomer(caller: Caller): CustomerCaller {
  // Staff are signed in: a 401 would send them round the sign-in loop. They are refused instead.
  if (caller.kind === 'staff') throw new AppError(403, CATALOG_ERRORS.CUSTOMERS_ONLY, 'Ordering is for customer accounts');
  if (caller.kind !== 'customer' || !caller.organisationId) {
    throw new AppError(401, CATALOG_ERRORS.LOGIN_REQUIRED, 'Sign in to order');
  }
  return caller;
}

/** Why a line cannot be added, as a 4xx with a stable code and the count the client shows. */
function checkLine(product: CatalogProductSummary | undefined, inCart: number, quantity: number, path: string): void {
  if (!product) throw new AppError(404, CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'No such product in this shop');
  if (!product.orderable) throw new AppError(409, CART_ERRORS.NOT_ORDERABLE, `This product cannot be ordered (${product.stock_state})`);
  const allowed = product.max_quantity - inCart;
  if (allowed <= 0) {
    const errors: FieldError[] = [{ path, message: 'quantity.maximumReached', values: { count: product.max_quantity } }];
    throw new AppError(409, CART_ERRORS.MAXIMUM_REACHED, 'Maximum number reached', errors);
  }
  if (quantity > allowed) {
    const errors: FieldError[] = [{ path, message: 'quantity.maximumAllowed', values: { count: allowed } }];
    throw new AppError(409, CART_ERRORS.QUANTITY_OVER_STOCK, `You can add maximum ${allowed}`, errors);
  }
}

export function createCartService(deps: { repo: CartRepository; products: CartProducts }) {
  const { repo, products } = deps;

  async function read(scope: ShopScope, caller: CustomerCaller): Promise<Cart> {
    const lines = await repo.lines(caller);
    const found = await products.summariesByIds(scope, lines.map((l) => l.product_id));
    const out = lines.flatMap((l) => {
      const p = found.get(l.product_id);
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
              stock: p.stock_state,
              line_total: p.price ? { ...p.price, excl_vat: p.price.excl_vat * l.quantity, incl_vat: p.price.incl_vat * l.quantity } : null,
            },
          ]
        : [];
    });
    const sum = (k: 'excl_vat' | 'incl_vat') => out.reduce((s, l) => s + (l.unit_price ? l.unit_price[k] * l.quantity : 0), 0);
    return { lines: out, item_count: out.reduce((s, l) => s + l.quantity, 0), total: { excl_vat: sum('excl_vat'), incl_vat: sum('incl_vat') },
      shipping_free_from_excl_vat: null,
      shipping_free_missing_excl_vat: null,
    };
  }

  return {
    read: (scope: ShopScope, caller: Caller) => read(scope, requireCustomer(caller)),

    /** Adds lines (all or none); each is checked against stock including what the cart holds. */
    async add(scope: ShopScope, caller: Caller, lines: AddToCart[], pathOf: (i: number) => string): Promise<Cart> {
      const customer = requireCustomer(caller);
      const found = await products.summariesByIds(scope, [...new Set(lines.map((l) => l.product_id))]);
      await repo.add(customer, lines, (held) => {
        const inCart = new Map(held);
        lines.forEach((line, i) => {
          checkLine(found.get(line.product_id), inCart.get(line.product_id) ?? 0, line.quantity, pathOf(i));
          inCart.set(line.product_id, (inCart.get(line.product_id) ?? 0) + line.quantity);
        });
      });
      return read(scope, customer);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;

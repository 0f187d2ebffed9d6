// The caller's cart: one per user within their organisation. Adding checks the quantity against
// what can be ordered (stock, unless on backorder) including what the cart already holds, under a
// per-user lock so that two tabs adding at once cannot pass the limit together.
import { sql } from 'drizzle-orm';
import { CATALOG_ERRORS, type AddToCart, type Cart, type CatalogProductSummary, type FieldError } from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { rows, type Db, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { CatalogScope } from '../catalog/catalog-scope';
import type { CatalogRepository } from '../catalog/catalog.repository';

/** Only a signed-in customer has a cart here; a visitor is asked to sign in (login-required dialog). */
export function requireCustomer(caller: Caller): CustomerCaller {
  if (caller.kind === 'staff') throw new AppError(403, CATALOG_ERRORS.customersOnly, 'Ordering is for customer accounts');
  if (caller.kind !== 'customer' || !caller.organisationId) {
    throw new AppError(401, CATALOG_ERRORS.loginRequired, 'Sign in to order');
  }
  return caller;
}

async function cartIdFor(tx: Tx, caller: CustomerCaller): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${caller.userId}`}))`);
  const [found] = await rows<{ id: string }>(
    tx,
    sql`select id from carts where user_id = ${caller.userId} and organisation_id = ${caller.organisationId} order by created_at limit 1`,
  );
  if (found) return found.id;
  const [created] = await rows<{ id: string }>(
    tx,
    sql`insert into carts (user_id, organisation_id) values (${caller.userId}, ${caller.organisationId}) returning id`,
  );
  return created!.id;
}

/** Why a line cannot be added, as a 4xx with a stable code and the count the client shows. */
function checkLine(product: CatalogProductSummary | undefined, inCart: number, quantity: number, path: string): void {
  if (!product) throw new AppError(404, CATALOG_ERRORS.notFound, 'No such product in this shop');
  if (!product.orderable) throw new AppError(409, CATALOG_ERRORS.notOrderable, `This product cannot be ordered (${product.stock_state})`);
  const allowed = product.max_quantity - inCart;
  if (allowed <= 0) {
    const errors: FieldError[] = [{ path, message: 'quantity.maximumReached', values: { count: product.max_quantity } }];
    throw new AppError(409, CATALOG_ERRORS.maximumReached, 'Maximum number reached', errors);
  }
  if (quantity > allowed) {
    const errors: FieldError[] = [{ path, message: 'quantity.maximumAllowed', values: { count: allowed } }];
    throw new AppError(409, CATALOG_ERRORS.aboveStock, `You can add maximum ${allowed}`, errors);
  }
}

export function createCartRepository(db: Db, catalog: CatalogRepository) {
  async function read(scope: CatalogScope, caller: CustomerCaller): Promise<Cart> {
    const lines = await rows<{ product_id: string; quantity: number }>(
      db,
      sql`select l.product_id, l.quantity from cart_lines l join carts c on c.id = l.cart_id
          where c.user_id = ${caller.userId} and c.organisation_id = ${caller.organisationId} order by l.added_at, l.product_id`,
    );
    const products = await catalog.summariesByIds(scope, lines.map((l) => l.product_id));
    const out = lines.flatMap((l) => {
      const p = products.get(l.product_id);
      return p
        ? [{ product_id: p.id, slug: p.slug, name: p.name, article_code: p.article_code, quantity: l.quantity, unit_price: p.price, max_quantity: p.max_quantity }]
        : [];
    });
    const sum = (k: 'excl_vat' | 'incl_vat') => out.reduce((s, l) => s + (l.unit_price ? l.unit_price[k] * l.quantity : 0), 0);
    return { lines: out, item_count: out.reduce((s, l) => s + l.quantity, 0), total: { excl_vat: sum('excl_vat'), incl_vat: sum('incl_vat') } };
  }

  return {
    read: (scope: CatalogScope, caller: Caller) => read(scope, requireCustomer(caller)),

    /** Adds lines (all or none); each is checked against stock including what the cart holds. */
    async add(scope: CatalogScope, caller: Caller, lines: AddToCart[], pathOf: (i: number) => string): Promise<Cart> {
      const customer = requireCustomer(caller);
      const products = await catalog.summariesByIds(scope, [...new Set(lines.map((l) => l.product_id))]);
      await db.transaction(async (tx) => {
        const cartId = await cartIdFor(tx, customer);
        const held = await rows<{ product_id: string; quantity: number }>(tx, sql`select product_id, quantity from cart_lines where cart_id = ${cartId}`);
        const inCart = new Map(held.map((h) => [h.product_id, h.quantity]));
        lines.forEach((line, i) => {
          checkLine(products.get(line.product_id), inCart.get(line.product_id) ?? 0, line.quantity, pathOf(i));
          inCart.set(line.product_id, (inCart.get(line.product_id) ?? 0) + line.quantity);
        });
        for (const line of lines) {
          await tx.execute(sql`insert into cart_lines (cart_id, product_id, quantity) values (${cartId}, ${line.product_id}, ${line.quantity})
            on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity`);
        }
        await tx.execute(sql`update carts set updated_at = now() where id = ${cartId}`);
      });
      return read(scope, customer);
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;

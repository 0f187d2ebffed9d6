// The cart's rows: one cart per user within their organisation. Adding runs under a per-user lock,
// so that two tabs adding at once cannot pass the stock limit together; the service decides inside
// that lock whether the lines may be added.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import { rows, type Db, type Tx } from '../../db/client';

export interface CartRow {
  product_id: string;
  quantity: number;
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

export function createCartRepository(db: Db) {
  return {
    /** The caller's lines, oldest first. */
    lines: (caller: CustomerCaller) =>
      rows<CartRow>(
        db,
        sql`select l.product_id, l.quantity from cart_lines l join carts c on c.id = l.cart_id
            where c.user_id = ${caller.userId} and c.organisation_id = ${caller.organisationId} order by l.added_at, l.product_id`,
      ),

    /**
     * Adds the lines in one transaction under the caller's cart lock. `check` sees what the cart
     * holds per product and throws to refuse (nothing is written then).
     */
    async add(caller: CustomerCaller, lines: CartRow[], check: (held: Map<string, number>) => void): Promise<void> {
      await db.transaction(async (tx) => {
        const cartId = await cartIdFor(tx, caller);
        const held = await rows<CartRow>(tx, sql`select product_id, quantity from cart_lines where cart_id = ${cartId}`);
        check(new Map(held.map((h) => [h.product_id, h.quantity])));
        for (const line of lines) {
          await tx.execute(sql`insert into cart_lines (cart_id, product_id, quantity) values (${cartId}, ${line.product_id}, ${line.quantity})
            on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity`);
        }
        await tx.execute(sql`update carts set updated_at = now() where id = ${cartId}`);
      });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;

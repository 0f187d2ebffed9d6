// The cart's rows: one cart per user within their organisation (or without one, a web-shop
// customer), or per anonymous session in the public shops. Every change runs under a per-cart
// lock, so that two tabs adding at once cannot pass the stock limit together; the service decides
// inside that lock whether the change may be made.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { cartLock } from '../../common/locks';
import { addressBookScope } from '../../common/scope';
import type { CartPort } from './contract';
import type { Db, Tx } from '../../db/client';
import { cartLines, carts } from './tables';
import { shippingRates } from './links';
import { rowShape, typedRows } from '../../db/typed-rows';
import { OFFERED_RATES } from '../../common/shipping-rates';

export interface CartRow {
  product_id: string;
  quantity: number;
}

/** Whose cart: a signed-in customer's, or an anonymous session's. */
export type CartOwner = { kind: 'user'; userId: string; organisationId: string | null } | { kind: 'anonymous'; sessionId: string };

/** The condition selecting the owner's cart (alias `c`). */
function ownerIs(owner: CartOwner): SQL {
  return owner.kind === 'user'
    ? sql`c.user_id = ${owner.userId} and c.organisation_id is not distinct from ${owner.organisationId}`
    : sql`c.anonymous_session_id = ${owner.sessionId}`;
}

/** The same condition in the query builder's terms (the carts table unaliased). */
function ownerOf(owner: CartOwner): SQL | undefined {
  return owner.kind === 'user'
    ? and(eq(carts.userId, owner.userId), sql`${carts.organisationId} is not distinct from ${owner.organisationId}`)
    : eq(carts.anonymousSessionId, owner.sessionId);
}

/** The lines of the owner's cart, oldest first (the order every read of the cart gives). */
const linesOf = (db: Db | Tx, owner: CartOwner): Promise<CartRow[]> =>
  db
    .select({ product_id: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(ownerOf(owner))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));

/** Lines as a json array of the hand-written statements. */
const jsonLines = v.array(v.object({ product_id: v.string(), quantity: v.number() }));
/** The locked cart (created when missing) and what it holds. */
const lockedCartRow = rowShape({ id: carts.id, held: jsonLines });
/** The cart's lines and its "free from" threshold (none: no free shipping to that country). */
const cartStateRow = rowShape({ lines: jsonLines, free_from: shippingRates.freeFromCents });

/** The cart's lines and its "free from" threshold, as the cart's answer shows them. */
export interface CartState {
  lines: CartRow[];
  freeFrom: number | null;
}

/**
 * SQL: the lowest "free from" threshold of the active shipping methods for the owner's default
 * delivery country (their book's default shipping address; Belgium without one).
 */
function freeFromOf(owner: CartOwner): SQL {
  const book = owner.kind === 'anonymous' ? sql`false` : addressBookScope(owner, { organisation: sql`a.organisation_id`, user: sql`a.user_id` });
  return sql`(select min(r.free_from_cents)::int from ${OFFERED_RATES} and r.free_from_cents is not null and r.country = coalesce(
                (select a.country from addresses a where ${book} and a.type = 'shipping' order by a.is_default desc, a.created_at limit 1), 'BE'))`;
}

/**
 * Takes the owner's cart lock and answers their cart (created when missing) with what it holds per
 * product. The lock is its own statement: the read after it must see what the previous holder of
 * the lock committed (a statement's snapshot is taken when it starts, before it would wait).
 */
async function lockedCart(tx: Tx, owner: CartOwner): Promise<{ id: string; held: Map<string, number> }> {
  await tx.execute(sql`select ${cartLock(owner)}`);
  const create =
    owner.kind === 'user'
      ? sql`insert into carts (user_id, organisation_id) select ${owner.userId}, ${owner.organisationId} where not exists (select 1 from found) returning id`
      : sql`insert into carts (anonymous_session_id) select ${owner.sessionId} where not exists (select 1 from found) returning id`;
  const [cart] = await typedRows(
    tx,
    lockedCartRow,
    sql`with found as (select c.id from carts c where ${ownerIs(owner)} order by c.created_at limit 1),
             made as (${create})
        select coalesce((select id from found), (select id from made)) as id,
               coalesce((select json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity)) from cart_lines l where l.cart_id = (select id from found)), '[]') as held`,
  );
  return { id: cart!.id, held: new Map(cart!.held.map((h) => [h.product_id, h.quantity])) };
}

/** Adds the quantities to the cart's lines (one statement, a product named twice counts twice) and marks the cart changed. */
async function addLines(tx: Tx, cartId: string, lines: CartRow[]): Promise<void> {
  const added = JSON.stringify(lines);
  await tx.execute(
    sql`with added as (
          insert into cart_lines (cart_id, product_id, quantity)
          select ${cartId}, x.product_id, sum(x.quantity) from jsonb_to_recordset(${added}::jsonb) as x(product_id uuid, quantity int) group by x.product_id
          on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity
        )
        update carts set updated_at = now() where id = ${cartId}`,
  );
}

/**
 * addLines, answering the cart as it is after the add in the same statement (one round trip less
 * than reading it after the commit): the statement's own snapshot does not see its writes, so the
 * lines are the upserted rows (as stored: a line already held keeps its `added_at`) and the lines
 * it did not touch, in the order a read would give.
 */
async function addLinesAnswering(tx: Tx, owner: CartOwner, cartId: string, lines: CartRow[]): Promise<CartState> {
  const added = JSON.stringify(lines);
  const [row] = await typedRows(
    tx,
    cartStateRow,
    sql`with added as (
          insert into cart_lines (cart_id, product_id, quantity)
          select ${cartId}, x.product_id, sum(x.quantity) from jsonb_to_recordset(${added}::jsonb) as x(product_id uuid, quantity int) group by x.product_id
          on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity
          returning product_id, quantity, added_at
        ),
        touched as (update carts set updated_at = now() where id = ${cartId}),
        after as (
          select product_id, quantity, added_at from added
          union all
          select l.product_id, l.quantity, l.added_at from cart_lines l where l.cart_id = ${cartId} and l.product_id not in (select product_id from added)
        )
        select coalesce((select json_agg(json_build_object('product_id', product_id, 'quantity', quantity) order by added_at, product_id) from after), '[]') as lines,
               ${freeFromOf(owner)} as free_from`,
  );
  return { lines: row!.lines, freeFrom: row!.free_from ?? null };
}

export function createCartRepository(db: Db) {
  return {
    /** The owner's lines, oldest first. */
    lines: (owner: CartOwner) => linesOf(db, owner),

    /**
     * The owner's lines, oldest first, and in the same statement their "free from" threshold: what
     * the cart's answer shows, in one round trip.
     */
    async withFreeFrom(owner: CartOwner): Promise<CartState> {
      const [row] = await typedRows(
        db,
        cartStateRow,
        sql`select coalesce((select json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity) order by l.added_at, l.product_id)
                             from cart_lines l join carts c on c.id = l.cart_id where ${ownerIs(owner)}), '[]') as lines,
                   ${freeFromOf(owner)} as free_from`,
      );
      return { lines: row!.lines, freeFrom: row!.free_from ?? null };
    },

    /**
     * Adds the lines in one transaction under the owner's cart lock. `check` sees what the cart
     * holds per product and throws to refuse (nothing is written then). Answers the cart as the add
     * left it (its lines oldest first, and its "free from"), from the statement that adds them.
     */
    async add(owner: CartOwner, lines: CartRow[], check: (held: Map<string, number>) => void): Promise<CartState> {
      return db.transaction(async (tx) => {
        const cart = await lockedCart(tx, owner);
        check(cart.held);
        return addLinesAnswering(tx, owner, cart.id, lines);
      });
    },

    /**
     * Sets one line's quantity under the lock; `check` sees what the line holds (undefined: not in
     * the cart) and what the whole cart holds per product.
     */
    async set(owner: CartOwner, line: CartRow, check: (held: number | undefined, cart: Map<string, number>) => void): Promise<void> {
      await db.transaction(async (tx) => {
        const cart = await lockedCart(tx, owner);
        check(cart.held.get(line.product_id), cart.held);
        await tx.execute(
          sql`with changed as (update cart_lines set quantity = ${line.quantity} where cart_id = ${cart.id} and product_id = ${line.product_id})
              update carts set updated_at = now() where id = ${cart.id}`,
        );
      });
    },

    /** Removes one line (nothing when it is not there). */
    async remove(owner: CartOwner, productId: string): Promise<void> {
      await db
        .delete(cartLines)
        .where(and(eq(cartLines.productId, productId), inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(ownerOf(owner)))));
    },

    /** The lines of an anonymous session's cart (for a merge preview outside the lock). */
    anonymousLines: (sessionId: string) => linesOf(db, { kind: 'anonymous', sessionId }),

    /**
     * Moves an anonymous cart into the user's, in one transaction under both carts' locks: `plan`
     * gets the anonymous lines and what the user's cart holds, and answers what to add; the
     * anonymous cart is emptied in the same transaction, so a second merge adds nothing.
     */
    async merge<T>(user: CartOwner, sessionId: string, plan: (anonymous: CartRow[], held: Map<string, number>) => { add: CartRow[]; result: T }): Promise<T> {
      return db.transaction(async (tx) => {
        const cart = await lockedCart(tx, user);
        await tx.execute(sql`select ${cartLock({ kind: 'anonymous', sessionId })}`);
        const anonymous = await linesOf(tx, { kind: 'anonymous', sessionId });
        const { add, result } = plan(anonymous, cart.held);
        await tx.delete(cartLines).where(inArray(cartLines.cartId, tx.select({ id: carts.id }).from(carts).where(ownerOf({ kind: 'anonymous', sessionId }))));
        await addLines(tx, cart.id, add);
        return result;
      });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;

const lineRow = rowShape({ product_id: cartLines.productId, quantity: cartLines.quantity });

/**
 * The cart as other modules reach it (decision 039): its lines for a quotation made from it, and
 * its part of placement's one statement (BENCHMARKS.md): the lines the buyer's cart holds, read in
 * the statement that places them, and the step that empties it.
 */
export const cartPort: CartPort = {
  lines: (db, owner) =>
    typedRows(
      db,
      lineRow,
      sql`select l.product_id, l.quantity from cart_lines l join carts c on c.id = l.cart_id
          where ${ownerIs({ kind: 'user', userId: owner.userId, organisationId: owner.organisationId })} order by l.added_at`,
    ),
  held: (owner) =>
    sql`(select coalesce(json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity) order by l.product_id), '[]')
         from cart_lines l join carts c on c.id = l.cart_id where ${ownerIs({ kind: 'user', userId: owner.userId, organisationId: owner.organisationId })})`,
  emptyStep: (owner, when) => sql`delete from cart_lines cl using carts c where cl.cart_id = c.id and ${ownerIs({ kind: 'user', userId: owner.userId, organisationId: owner.organisationId })} and ${when}`,
};

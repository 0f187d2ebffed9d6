// The order placement transaction and the order as its owner reads it. Placement takes stock and
// the discount code's use with conditional updates (never read-then-write), lines in product-id
// order so that two placements never wait on each other crosswise; anything short rolls the whole
// transaction back, so a refused order leaves nothing behind. The stock, the cart, the discount
// code and the quotation are their owners' tables (decision 039): placement changes them through
// the ports it is given (modules/orders/contract.ts), as SQL fragments of its one statement where the
// statement count is at stake (BENCHMARKS.md), or as calls on its transaction.
import { sql, type SQL } from 'drizzle-orm';
import { CHECKOUT_ERRORS, type OrderStatus, type OrderSubmitter, type OutOfStockLine } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import { cartLock } from '../../../common/locks';
import type { BudgetPort } from '../../budgets/contract';
import type { CartPort } from '../../cart/contract';
import type { StockPort } from '../../catalog/contract';
import type { DiscountPort } from '../../checkout/contract';
import type { PunchoutGatePort } from '../../procurement/contract';
import type { QuotationPort } from '../../quotations/contract';
import type { EventsPort } from '../../integration-events/contract';
import { placementEventSteps } from '../order-events';
import { addressBookScope } from '../../../common/scope';
import type { Db, Tx } from '../../../db/client';
import { isDeadlock } from '../../../db/pg-errors';
import { idempotencyKeys, orders } from '../tables';
import { users } from '../links';
import { nullable, rowShape, typedRows } from '../../../db/typed-rows';
import * as v from 'valibot';
import type { AddressSnapshot } from '../tables';
import { AppError } from '../../../errors';
import { nextOrderNumber } from '../../../db/order-number';
import { keySql, type IdempotencyKey } from './orders.idempotency';
import { isUuid } from '../../../common/uuid';
import type { VatBuyer } from '../../../common/vat/vat-buyer';
import type { VatRegime } from '../../../common/vat/vat-category';

/** A line as placed: priced by the server. */
export interface PlaceLine {
  product_id: string;
  quantity: number;
  unit_excl_vat: number;
  vat_rate: number;
  /** The rate charged (0 for an intra-community supply, an exemption, an export): stored as the line's (decision 058). */
  charged_vat_rate?: number;
}

export interface NewOrder {
  caller: CustomerCaller;
  status: Extract<OrderStatus, 'ordered' | 'payment_pending'>;
  lines: PlaceLine[];
  delivery: AddressSnapshot;
  invoice: AddressSnapshot;
  submitter: OrderSubmitter;
  externalReference: string | null;
  remarks: string | null;
  shippingMethodId: number | null;
  discountCodeId: number | null;
  money: { subtotal: number; discount: number; shipping: number; vat: number; total: number };
  /** How the order is taxed and the buyer's VAT facts it was decided from (decision 058); absent: not stored. */
  vat?: { regime: VatRegime; buyer: VatBuyer } | undefined;
  idempotency: IdempotencyKey;
  /** An accepted quotation ordered at its prices: claimed in the transaction; the cart is left alone. */
  quotationId: string | null;
  /** Given lines (the orders' placement port): the cart is neither locked, compared nor emptied. */
  givenLines?: boolean;
  /** An approved request's order (issue 33): its placement history row is the approver's, noted `approved`. */
  approvedBy?: string | null;
  /** The buyer's cost centre the order is charged to (decision 054); null: none chosen. */
  costCentreId: string | null;
  /** An approved request that went to approval for its budget: charged even beyond it (BudgetCharge). */
  approvedOverBudget?: boolean;
  /** A procurement system's order: any active cost centre of the organisation may be charged (BudgetCharge). */
  byProcurementSystem?: boolean;
  /**
   * The caller's sign-in (the access token's `sid`) of a checkout's placement: refused while it is
   * an open punchout session (decision 052). Null for given lines (a procurement system's order, an
   * approved request): no sign-in of the buyer places those.
   */
  signInSession: string | null;
}

/** Thrown inside the transaction when the cart changed after it was priced: the service prices again. */
export class CartChanged extends Error {
  override name = 'CartChanged';
}

/**
 * Thrown when PostgreSQL ended the placement transaction as one side of a deadlock (40P01). The
 * products are locked in id order, but a row updated by another placement after this statement's
 * snapshot is locked again through its old version when the stock is taken, and two placements
 * queued on one such row can each wait for the other (seen under load in the orders bench, a 500
 * after a second's wait). The whole transaction was rolled back, nothing was written: the service
 * places again.
 */
export class PlacementDeadlocked extends Error {
  override name = 'PlacementDeadlocked';
}

const sameLines = (a: { product_id: string; quantity: number }[], b: { product_id: string; quantity: number }[]) =>
  a.length === b.length && a.every((l, i) => l.product_id === b[i]!.product_id && l.quantity === b[i]!.quantity);

/** The order statement's answer: the order (none when stock was short), the stock taken, the cart as it was held, the buyer's mail facts. */
const placedRow = rowShape({
  id: nullable(orders.id),
  number: nullable(orders.number),
  taken: v.array(v.string()),
  held: v.nullable(v.array(v.object({ product_id: v.string(), quantity: v.number() }))),
  email: nullable(users.email),
  first_name: nullable(users.firstName),
  locale: nullable(users.locale),
});

/** The key while this request holds it (null: not any more), and the cart lock's void (absent for a quotation and for given lines). */
const keyHeldRow = rowShape({
  key: nullable(idempotencyKeys.key),
  cart_locked: v.optional(v.unknown()),
  cost_centre_required: v.optional(v.boolean()),
  in_punchout: v.optional(v.boolean()),
});

/** The submission's questions (`vet`): the book's snapshots and the claim's questions, without a key. */
const vetRow = rowShape({
  book: v.unknown(),
  cost_centre_required: v.optional(v.boolean()),
  in_punchout: v.optional(v.boolean()),
});

/** The owners' ports placement changes their tables through (decision 039), wired in app.ts. */
export interface PlacementPorts {
  stock: StockPort;
  cart: CartPort;
  discounts: DiscountPort;
  quotations: QuotationPort;
  budgets: BudgetPort;
  punchout: PunchoutGatePort;
  /** The order's first event is recorded in placement's statement (decision 066). */
  events: EventsPort;
}

/** What the confirmation mail of an order on account needs, as the placement knows it (no read-back). */
export interface PlacedFacts {
  id: string;
  number: string;
  totalCents: number;
  email: string | null;
  firstName: string | null;
  /** How the order is taxed (decision 058): its confirmation states the legal mention. */
  vat?: NewOrder['vat'];
  /** The buyer's own language (users.locale): their confirmation mail's (decision 061). */
  locale: string | null;
}

/** 409 OUT_OF_STOCK with what is available of the short lines (read inside the transaction, which then rolls back). */
async function outOfStock(stock: StockPort, tx: Tx, lines: PlaceLine[], taken: string[], names: Map<string, string>): Promise<AppError> {
  const short = lines.filter((l) => !taken.includes(l.product_id)).map((l) => l.product_id);
  const levels = await stock.levels(tx, short);
  // A product withdrawn from sale has none available, whatever its stock.
  const available = new Map([...levels].map(([id, l]) => [id, l.active ? l.stockLevel : 0]));
  const detail: OutOfStockLine[] = lines
    .filter((l) => short.includes(l.product_id))
    .map((l) => ({ product_id: l.product_id, name: names.get(l.product_id) ?? '', requested: l.quantity, available: Math.max(0, available.get(l.product_id) ?? 0) }));
  return new AppError(
    409,
    CHECKOUT_ERRORS.OUT_OF_STOCK,
    'Not enough stock for some lines',
    detail.map((d) => ({ path: `lines.${d.product_id}.quantity`, message: 'quantity.maximumAllowed', values: { count: d.available } })),
    undefined,
    { lines: detail },
  );
}

export function createOrdersRepository(db: Db, ports: PlacementPorts) {
  const { stock, cart, discounts, quotations, budgets, punchout, events } = ports;

  /**
   * The questions placement asks in the statement that claims its key (none a statement of its own):
   * is the sign-in an open punchout session, must the order name a cost centre. Columns to follow a
   * select list; `refuseClaimed` answers them. The submission for approval asks the same (`vet`).
   */
  const claimQuestions = (caller: CustomerCaller, costCentreId: string | null, signInSession: string | null) =>
    sql`${costCentreId === null ? sql`, ${budgets.requiredSql(caller)} as cost_centre_required` : sql``}
        ${signInSession !== null ? sql`, ${punchout.openSql(caller, signInSession)} as in_punchout` : sql``}`;
  const refuseClaimed = (row: { in_punchout?: boolean | undefined; cost_centre_required?: boolean | undefined }) => {
    // A punchout's cart goes back to the procurement system, which orders it (decision 052).
    if (row.in_punchout) throw punchout.refusal();
    if (row.cost_centre_required) throw budgets.costCentreRequired();
  };

  return {
    /**
     * What placement would refuse in the statement that claims its key, asked on its own (the
     * submission for approval, issue 40): the addresses' snapshots, and `refuse()` throws what
     * placement's claim would. One statement; it writes nothing.
     */
    async vet(caller: CustomerCaller, addressIds: string[], costCentreId: string | null, signInSession: string | null) {
      const book = this.addresses(caller, addressIds);
      const [row] = await typedRows(db, vetRow, sql`select ${book.expression} as book ${claimQuestions(caller, costCentreId, signInSession)}`);
      return { book: book.read(row!.book), refuse: () => refuseClaimed(row!) };
    },

    /** What is left of the buyer's cost centre for this amount, as the charge would judge it (BudgetPort.exceeds). */
    budgetExcess(caller: CustomerCaller, costCentreId: string | null, amountCents: number) {
      return budgets.exceeds(db, caller, costCentreId, amountCents);
    },

    /**
     * Places the order in one transaction under the buyer's cart lock (given lines and a quotation take none), in four statements besides
     * BEGIN and COMMIT (a quotation's claim adds its own): the key and the cart lock; one statement
     * that takes the stock, writes the order, its lines, its first history row and its event, empties the cart,
     * points the key at the order and answers the cart as it was held; the confirmation mail
     * (`inTransaction`). The cart must still hold exactly the priced lines (else CartChanged), the
     * discount's use and the stock are taken conditionally; anything short throws, which rolls
     * the whole transaction back.
     */
    async place(order: NewOrder, names: Map<string, string>, inTransaction: (tx: Tx, placed: PlacedFacts) => Promise<void>): Promise<{ id: string; number: string }> {
      const { caller } = order;
      const quoted = order.quotationId;
      // The cart is placement's business only when the lines are the cart's.
      const fromCart = !quoted && !order.givenLines;
      return db.transaction(async (tx) => {
        return placeIn(tx);
      }).catch((err: unknown) => {
        throw isDeadlock(err) ? new PlacementDeadlocked('The placement transaction was chosen as a deadlock victim', { cause: err }) : err;
      });

      async function placeIn(tx: Tx): Promise<{ id: string; number: string }> {
        // The key is this request's only while no order came of it (a retry may have taken over a
        // key whose lease ran out; orders.idempotency.ts): locked, so two placements of one key
        // serialise. The cart lock in the same statement; the cart itself is read by the next one,
        // whose snapshot is taken after the lock is held. The budgets' and the punchout's questions
        // are fragments of this statement too (no statement of their own).
        const [free] = await typedRows(
          tx,
          keyHeldRow,
          sql`select ${keySql.held(order.idempotency)} as key
              ${fromCart ? sql`, ${cartLock({ kind: 'user', userId: caller.userId })} as cart_locked` : sql``}
              ${claimQuestions(caller, order.costCentreId, order.signInSession)}`,
        );
        if (!free?.key) throw keySql.notHeld();
        refuseClaimed(free);
        // First, so a second placement of the quotation (another key, same moment) waits on this
        // row and then finds it ordered: one quotation, at most one order (and quotations_order_uq).
        if (quoted) await quotations.claim(tx, caller, quoted);

        if (order.discountCodeId !== null) {
          if (!(await discounts.use(tx, order.discountCodeId))) throw new AppError(422, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'Invalid discount code', [{ path: 'discount_code', message: 'checkout.invalidDiscountCode' }]);
        }

        // One statement, one round trip while the stock rows are locked: the stock's step takes
        // it (stock.takeStep: the rows locked in product-id order, then taken conditionally). The
        // order is written only when every line got its stock; the lines snapshot code,
        // description and NSN for the order form. Whatever is short, or a cart that changed,
        // throws below and the transaction rolls back.
        const lines = JSON.stringify(order.lines.map((l) => ({ id: l.product_id, quantity: l.quantity, unit: l.unit_excl_vat, vat_bp: Math.round((l.charged_vat_rate ?? l.vat_rate) * 100) })));
        const [placed] = await typedRows(
          tx,
          placedRow,
          sql`with x as materialized (
                select * from jsonb_to_recordset(${lines}::jsonb) as x(id uuid, quantity int, unit int, vat_bp int)
              ),
              ${stock.takeStep('x')},
              o as (
                insert into orders (number, organisation_id, user_id, status, external_reference, remarks, delivery_address, invoice_address, submitter,
                  shipping_method_id, discount_code_id, subtotal_cents, discount_cents, shipping_cents, vat_cents, total_cents, vat_regime, vat_buyer)
                select ${nextOrderNumber}, ${caller.organisationId}, ${caller.userId}, ${order.status},
                  ${order.externalReference}, ${order.remarks}, ${JSON.stringify(order.delivery)}::jsonb, ${JSON.stringify(order.invoice)}::jsonb, ${JSON.stringify(order.submitter)}::jsonb,
                  ${order.shippingMethodId}, ${order.discountCodeId}, ${order.money.subtotal}, ${order.money.discount}, ${order.money.shipping}, ${order.money.vat}, ${order.money.total},
                  ${order.vat?.regime ?? null}, ${order.vat ? JSON.stringify(order.vat.buyer) : null}::jsonb
                where (select count(*) from taken) = ${order.lines.length}
                returning id, number, currency
              ),
              l as (
                insert into order_lines (order_id, product_id, article_code, description, nsn, quantity, unit_price_cents, vat_rate_bp, line_total_cents, quantity_backordered)
                select o.id, p.id, p.article_code, p.description, p.nsn, x.quantity, x.unit, x.vat_bp, x.quantity * x.unit, t.backordered
                from o, x
                join taken t on t.id = x.id
                join ${stock.lineFacts('x', order.submitter.declaration.locale)} p on p.id = x.id
              ),
              h as (
                insert into order_status_history (order_id, status, from_status, changed_by_user_id, note)
                select o.id, ${order.status}, null, ${order.approvedBy ?? caller.userId}, ${order.approvedBy ? 'approved' : 'placed'} from o
              ),
              ${placementEventSteps(events, { status: order.status, organisation_id: caller.organisationId, external_reference: order.externalReference, total_cents: order.money.total })}
              ${fromCart ? sql`emptied as (${cart.emptyStep(caller, sql`exists (select 1 from o)`)}),` : sql``}
              k as (
                ${keySql.complete(order.idempotency, 'o', order.status === 'ordered')}
              )
              select (select id from o) as id, (select number from o) as number, array(select id::text from taken) as taken,
                ${fromCart ? cart.held(caller) : sql`null::json`} as held,
                u.email, u.first_name, u.locale
              from (select 1) as one left join users u on u.id = ${caller.userId}`,
        );
        if (placed!.held) {
          if (!placed!.held.length) throw new AppError(409, CHECKOUT_ERRORS.CART_EMPTY, 'The cart is empty');
          if (!sameLines(placed!.held, order.lines)) throw new CartChanged();
        }
        if (!placed!.id) throw await outOfStock(stock, tx, order.lines, placed!.taken, names);
        const created = { id: placed!.id, number: placed!.number! };
        // The budget (decision 054): charged on this transaction after the stock, so a refusal rolls
        // the order back with it; parallel placements queue on the period's spent row only.
        await budgets.charge(tx, caller, { orderId: created.id, costCentreId: order.costCentreId, amountCents: order.money.total, approvedOverBudget: order.approvedOverBudget === true, byProcurementSystem: order.byProcurementSystem === true });
        if (quoted) await quotations.markOrdered(tx, quoted, created, caller.userId);
        await inTransaction(tx, { ...created, totalCents: order.money.total, email: placed!.email, firstName: placed!.first_name, locale: placed!.locale, vat: order.vat });
        return created;
      }
    },

    /**
     * Snapshots of the addresses with these ids in the caller's book (their organisation's, or
     * their own), as one SQL expression (a json array) to evaluate alongside another statement (the
     * key's claim), and the reader of its value.
     */
    addresses(caller: CustomerCaller, ids: string[]): { expression: SQL; read(value: unknown): Map<string, AddressSnapshot> } {
      const book = addressBookScope(caller, { organisation: sql`a.organisation_id`, user: sql`a.user_id` });
      // An id that is not a UUID names no address (and must not reach the uuid column as a 500).
      const valid = ids.filter((id) => isUuid(id));
      const expression = valid.length
        ? sql`(select coalesce(json_agg(json_build_object('id', a.id, 'label', a.label, 'street', a.street, 'nr', a.nr, 'box', a.box, 'postal_code', a.postal_code,
                 'city', a.city, 'country', a.country, 'email', a.email, 'phone', a.phone)), '[]') from addresses a where a.id in ${valid} and ${book})`
        : sql`null`;
      return {
        expression,
        read: (value) => new Map(((value as (AddressSnapshot & { id: string })[] | null) ?? []).map(({ id, ...snapshot }) => [id, snapshot])),
      };
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

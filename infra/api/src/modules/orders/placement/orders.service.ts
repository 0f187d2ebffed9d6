// Placing an order (contract-checkout.md, POST /v1/orders) and reading it back. Every amount comes
// from the checkout's quote (the database's prices, shipping rates and discount codes), never from
// the request; the request's body schema has no price field at all. Idempotency: see
// orders.idempotency.ts. After the placement commits, a web-shop order gets its payment through the
// PaymentStarter port (the payments module); an order on account enqueues its confirmation mail in
// the placement's own transaction.
import {
  API_ERRORS,
  AUTHORISATION_DECLARATION,
  CHECKOUT_ERRORS,
  GivenLinesOrderSchema,
  IdempotencyKeySchema,
  ORDER_ERRORS,
  PAYMENT_ERRORS,
  type Checkout,
  type GivenLinesOrder,
  type GivenLinesOrderInput,
  type Order,
  type PlacedOrder,
} from '@portal/shared/schemas';
import * as v from 'valibot';
import type { Caller, CustomerCaller } from '../../../caller';
import type { PaymentStarter } from '../../../common/payments';
import { ordersPlaced, type OrderChannel } from '../../../common/metrics';
import type { GivenLinesChannel, PlacementGate, VettedOrder } from '../contract';
import { requireOrderingCustomer } from '../../../common/scope';
import type { Tx } from '../../../db/client';
import type { VatBuyer } from '../../../common/vat/vat-buyer';
import type { VatRegime } from '../../../common/vat/vat-category';
import type { AddressSnapshot } from '../tables';
import { AppError } from '../../../errors';
import { parseInput } from '../../../http/validate';
import type { ContentLocale, ShopScope } from '../../../plugins/request-context';
import { placedAnswer, type IdempotencyKey, type IdempotencyStore } from './orders.idempotency';
import type { OrderReader } from './orders.read';
import { CartChanged, PlacementDeadlocked, type OrdersRepository, type PlacedFacts } from './orders.repository';

/** What placement needs from the checkout module's quote (app.ts passes the checkout service). */
export interface OrderQuote {
  cart: { lines: unknown[] };
  /** The accepted quotation the lines come from (its quoted prices); null: the cart. */
  quotationId: string | null;
  lines: { product_id: string; name: string; quantity: number; unit_excl_vat: number; vat_rate: number; charged_vat_rate?: number }[];
  notOrderable: { product_id: string; name: string; quantity: number }[];
  shipping: { method_id: number } | null;
  discount: { id: number } | null;
  money: { subtotal_excl_vat: number; discount_excl_vat: number; shipping_excl_vat: number; vat: number; incl_vat: number };
  /** How the order is taxed (decision 058): stored with it so its invoice charges the same. */
  vat?: { regime: VatRegime; buyer: VatBuyer };
}
export interface OrderQuotes {
  quote(
    scope: ShopScope,
    caller: Caller,
    req: {
      delivery_country?: string;
      shipping_method?: string;
      discount_code?: string | undefined;
      quotation_id?: string | undefined;
      lines?: { product_id: string; quantity: number }[] | undefined;
    },
  ): Promise<OrderQuote>;
}

/** Runs inside the placement transaction of an order on account (the confirmation mail), with what the placement knows of it. */
export type OnAccountPlaced = (tx: Tx, placed: PlacedFacts, locale: ContentLocale) => Promise<void>;

export interface OrdersDeps {
  repo: OrdersRepository;
  reader: OrderReader;
  keys: IdempotencyStore;
  quotes: OrderQuotes;
  payments: PaymentStarter;
  onAccountPlaced: OnAccountPlaced;
  publicBaseUrl: string;
  log: { error(obj: object, msg: string): void };
  /** The portal scope (the caller's active contract) of a placement that comes without a request (given lines). */
  portalScope(caller: CustomerCaller, locale: ContentLocale): Promise<ShopScope>;
}

/** What a module placing given lines adds (issue 33): the approver who placed it, and its own writes in the placement's transaction. */
export interface PlaceLinesOptions {
  /** Who sends the lines (decision 084): the orders counter's channel. */
  channel: GivenLinesChannel;
  /** The order's placement history row is this user's (the approver), noted `approved`; the order stays the caller's. */
  approvedBy?: string;
  /** With `approvedBy`: the request went to approval because it exceeded the cost centre's budget, so the approval authorises charging beyond it. */
  approvedOverBudget?: boolean;
  /** A procurement system's order (decision 059): any active cost centre of the organisation may be charged (BudgetCharge). */
  byProcurementSystem?: boolean;
  /** Runs in the placement's transaction after the order is written (a throw rolls the order back). */
  inTransaction?: (tx: Tx, placed: { id: string; number: string }) => Promise<void>;
}

const ATTEMPTS = 3;

/** A checkout's order is the cart's, or an accepted quotation's at its prices; given lines say whose they are. */
const channelOf = (q: OrderQuote, options: PlaceLinesOptions | undefined): OrderChannel => options?.channel ?? (q.quotationId ? 'quotation' : 'checkout');


const addressMissing = (paths: string[]) =>
  new AppError(
    422,
    CHECKOUT_ERRORS.ADDRESS_NOT_FOUND,
    'No such address in your address book',
    paths.map((path) => ({ path, message: 'validation.invalid.value' })),
  );

/** One line per product (a document may name a product twice), in the order first named. */
function mergedLines(order: GivenLinesOrder): GivenLinesOrder {
  const merged = new Map<string, number>();
  for (const l of order.lines) merged.set(l.product_id, (merged.get(l.product_id) ?? 0) + l.quantity);
  return { ...order, lines: [...merged].map(([product_id, quantity]) => ({ product_id, quantity })) };
}

/**
 * Given lines the scope does not price (unknown, outside the contract, on request, withdrawn): the
 * same 409 NOT_ORDERABLE as a cart's line that can no longer be ordered, never a line silently left out.
 */
function notOrderableGiven(given: GivenLinesOrder['lines'], q: OrderQuote): void {
  const priced = new Set(q.lines.map((l) => l.product_id));
  const names = new Map(q.notOrderable.map((l) => [l.product_id, l.name]));
  const refused = given.filter((l) => !priced.has(l.product_id));
  if (!refused.length) return;
  const lines = refused.map((l) => ({ product_id: l.product_id, name: names.get(l.product_id) ?? '', requested: l.quantity, available: 0 }));
  throw new AppError(409, CHECKOUT_ERRORS.NOT_ORDERABLE, 'Some lines cannot be ordered', undefined, undefined, { lines });
}

export function createOrdersService(deps: OrdersDeps) {
  const { repo, reader, keys, quotes, payments, onAccountPlaced, publicBaseUrl, log, portalScope } = deps;
  // Checks another owner adds to a checkout's placement (the approvals' rule, decision 055): the
  // owner registers its own through `gate`, so placement knows no gate's owner (decision 065).
  const gates: PlacementGate[] = [];

  /** The invoice and delivery addresses, from the book's snapshots read with the key's claim. */
  function addresses(found: Map<string, AddressSnapshot>, body: Checkout): [AddressSnapshot, AddressSnapshot] {
    const [invoice, delivery] = [found.get(body.billing_address_id), found.get(body.delivery_address_id)];
    const missing = [...(invoice ? [] : ['billing_address_id']), ...(delivery ? [] : ['delivery_address_id'])];
    if (missing.length) throw addressMissing(missing);
    return [invoice!, delivery!];
  }

  /**
   * What placement checks before its statement, written once (issue 40): the addresses are the
   * book's, the lines priced now (the cart's, the quotation's or the given ones), none of them
   * unorderable, and, with `approvalRule`, the rule that sends a checkout's order to approval. The
   * submission for approval runs it without that rule (`vetSubmission`).
   */
  async function vet(scope: ShopScope, caller: CustomerCaller, body: Checkout | GivenLinesOrder, book: Map<string, AddressSnapshot>, options: { approvalRule: boolean }) {
    const given = 'lines' in body ? body.lines : undefined;
    const quotationId = 'quotation_id' in body ? body.quotation_id : undefined;
    const discountCode = 'discount_code' in body ? body.discount_code : undefined;
    const [invoice, delivery] = addresses(book, body);
    const q = await quotes.quote(scope, caller, { delivery_country: delivery.country, shipping_method: body.shipping_method, discount_code: discountCode, quotation_id: quotationId, lines: given });
    if (!q.cart.lines.length && !given) throw new AppError(409, CHECKOUT_ERRORS.CART_EMPTY, 'The cart is empty');
    if (given) notOrderableGiven(given, q);
    if (q.notOrderable.length) {
      const lines = q.notOrderable.map((l) => ({ product_id: l.product_id, name: l.name, requested: l.quantity, available: 0 }));
      throw new AppError(409, CHECKOUT_ERRORS.NOT_ORDERABLE, 'Some lines can no longer be ordered', undefined, undefined, { lines });
    }
    // A checkout's order that meets an approval rule is submitted for approval instead (issue 33).
    if (options.approvalRule && !given) for (const gate of gates) await gate(scope, caller, q);
    return { q, invoice, delivery };
  }

  /** Given lines (a procurement order, an approved request) are placed on account: there is nobody to send to a payment page. */
  function onAccountOnly(scope: ShopScope, customer: CustomerCaller) {
    if (scope.shop !== 'portal' || scope.contractId === null || customer.organisationId === null) {
      throw new AppError(409, CHECKOUT_ERRORS.ON_ACCOUNT_ONLY, 'Given lines are ordered on account: the organisation has no active contract');
    }
  }

  /** Prices and places; a cart changed between pricing and the lock is priced again, and a placement ended by a deadlock placed again. */
  async function placeOnce(
    scope: ShopScope,
    caller: CustomerCaller,
    body: Checkout | GivenLinesOrder,
    locale: ContentLocale,
    key: IdempotencyKey,
    book: Map<string, AddressSnapshot>,
    signInSession: string | null,
    options?: PlaceLinesOptions,
  ) {
    const given = 'lines' in body ? body.lines : undefined;
    // On account: a customer of an organisation with an active contract, in the portal. Anyone else pays online.
    const onAccount = scope.shop === 'portal' && scope.contractId !== null && caller.organisationId !== null;
    for (let attempt = 1; ; attempt++) {
      const { q, invoice, delivery } = await vet(scope, caller, body, book, { approvalRule: true });
      const status = onAccount ? ('ordered' as const) : ('payment_pending' as const);
      try {
        const placed = await repo.place(
          {
            caller,
            status,
            lines: q.lines,
            delivery,
            invoice,
            submitter: {
              first_name: body.submitter.first_name,
              last_name: body.submitter.last_name,
              function: body.submitter.function,
              full_name: body.submitter.full_name,
              declaration: { version: AUTHORISATION_DECLARATION.version, locale, text: AUTHORISATION_DECLARATION.text[locale] },
            },
            externalReference: body.external_order_number || null,
            remarks: body.remarks || null,
            shippingMethodId: q.shipping?.method_id ?? null,
            discountCodeId: q.discount?.id ?? null,
            money: {
              subtotal: q.money.subtotal_excl_vat,
              discount: q.money.discount_excl_vat,
              shipping: q.money.shipping_excl_vat,
              vat: q.money.vat,
              total: q.money.incl_vat,
            },
            vat: q.vat,
            idempotency: key,
            quotationId: q.quotationId,
            givenLines: given !== undefined,
            approvedBy: options?.approvedBy ?? null,
            approvedOverBudget: options?.approvedBy !== undefined && options.approvedOverBudget === true,
            byProcurementSystem: given !== undefined && options?.byProcurementSystem === true,
            costCentreId: body.cost_centre_id ?? null,
            signInSession,
          },
          new Map(q.lines.map((l) => [l.product_id, l.name])),
          async (tx, placed) => {
            if (onAccount) await onAccountPlaced(tx, placed, locale);
            if (options?.inTransaction) await options.inTransaction(tx, { id: placed.id, number: placed.number });
          },
        );
        // The placement committed (repo.place's transaction has ended): the one point every
        // channel's order passes, counted once here (decision 084). A refusal or a rollback threw
        // before this line; a replayed key is answered by `keys.idempotent` without coming here.
        ordersPlaced.inc({ channel: channelOf(q, options) });
        return { ...placed, status, total: q.money.incl_vat };
      } catch (err) {
        // A deadlock rolled the whole transaction back: placed again, as a changed cart is (the
        // last attempt's deadlock stays the 500 it was).
        if (err instanceof PlacementDeadlocked) {
          if (attempt >= ATTEMPTS) throw err;
          continue;
        }
        if (!(err instanceof CartChanged)) throw err;
        // Its own code: the key is free again (released), it is the cart that is not settled.
        if (attempt >= ATTEMPTS) throw new AppError(409, CHECKOUT_ERRORS.CART_BUSY, 'The cart is being changed; try again');
      }
    }
  }

  /**
   * The hosted payment page of a placed web-shop order, or null when it could not be had. A provider
   * that cannot be reached has moved the order to payment_failed (decision 036 §7): the answer says
   * so instead of payment_pending. Any other failure leaves the order waiting (the expiry job ends it).
   */
  async function startPayment(placed: { id: string; number: string; total: number }, locale: ContentLocale): Promise<{ url: string | null; failed: boolean }> {
    try {
      const created = await payments.createPayment({
        orderId: placed.id,
        orderNumber: placed.number,
        amountCents: placed.total,
        currency: 'EUR',
        locale,
        returnUrl: `${publicBaseUrl}/${locale}/checkout/order/${placed.id}`,
      });
      return { url: created.hostedUrl, failed: false };
    } catch (err) {
      log.error({ err, orderId: placed.id }, 'creating the payment failed');
      return { url: null, failed: err instanceof AppError && err.code === PAYMENT_ERRORS.PROVIDER_UNAVAILABLE };
    }
  }

  return {
    /** Registers another owner's check on a checkout's placement (OrderPlacementPort.gate). */
    gate(check: PlacementGate): void {
      gates.push(check);
    },
    /**
     * Places the caller's cart as an order; `replayed`: the answer of an earlier request with the same key.
     * `signInSession`: the access token's `sid`, refused while it is an open punchout session (decision 052).
     */
    async place(
      scope: ShopScope,
      caller: Caller,
      idempotencyKey: string | undefined,
      body: Checkout,
      locale: ContentLocale,
      signInSession: string | null,
    ): Promise<{ order: PlacedOrder; replayed: boolean }> {
      const customer = requireOrderingCustomer(caller);
      if (!idempotencyKey || !v.is(IdempotencyKeySchema, idempotencyKey)) {
        throw new AppError(400, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REQUIRED, 'Send an Idempotency-Key header (one per checkout attempt, 8 to 200 visible characters)');
      }
      const key = { callerKey: `user:${customer.userId}`, key: idempotencyKey };
      // The addresses are read by the statement that claims the key (both are needed; the read writes nothing).
      const book = repo.addresses(customer, [body.billing_address_id, body.delivery_address_id]);
      return keys.idempotent({
        key,
        // The parsed body: a field the schema does not know (a price, a total) was refused before this.
        request: { body, shop: scope.shop, locale },
        alongside: book.expression,
        run: async (alongside) => {
          const placed = await placeOnce(scope, customer, body, locale, key, book.read(alongside), signInSession);
          // After the commit: the payment (it calls out to a provider; no transaction waits on it).
          const payment = placed.status === 'payment_pending' ? await startPayment(placed, locale) : { url: null, failed: false };
          // The order-form PDF is rendered when first needed (the mail, the download): nothing to do here.
          // An order on account stored its answer in the placement transaction; a paid one is stored now, with its payment page.
          const status = payment.failed ? 'payment_failed' : placed.status;
          return { answer: placedAnswer({ ...placed, status }, payment.url), stored: placed.status === 'ordered' };
        },
      });
    },

    /**
     * Places given lines (not the cart) for a customer: the orders' placement port (modules/orders/contract.ts),
     * used by modules that receive orders from elsewhere. The same pricing, stock, statement and
     * confirmation as the checkout; on account only. `idempotency`: the sender's key (e.g. a buyer's
     * order id), in its own `namespace` so it never meets a key of the portal's checkout.
     */
    async placeLines(
      caller: CustomerCaller,
      input: GivenLinesOrderInput,
      idempotency: { namespace: string; key: string },
      locale: ContentLocale,
      options: PlaceLinesOptions,
    ): Promise<{ order: PlacedOrder; replayed: boolean }> {
      const customer = requireOrderingCustomer(caller);
      const order = mergedLines(parseInput(GivenLinesOrderSchema, input));
      if (!v.is(IdempotencyKeySchema, idempotency.key)) throw new AppError(400, CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REQUIRED, 'An idempotency key of 8 to 200 visible characters is required');
      const scope = await portalScope(customer, locale);
      onAccountOnly(scope, customer);
      const key = { callerKey: `${idempotency.namespace}:${customer.userId}`, key: idempotency.key };
      const book = repo.addresses(customer, [order.billing_address_id, order.delivery_address_id]);
      return keys.idempotent({
        key,
        request: { body: order, shop: scope.shop, locale },
        alongside: book.expression,
        run: async (alongside) => {
          // No sign-in of the buyer's places given lines: the punchout's gate is not asked.
          const placed = await placeOnce(scope, customer, order, locale, key, book.read(alongside), null, options);
          // On account: the placement transaction stored the answer on the key.
          return { answer: placedAnswer(placed, null), stored: true };
        },
      });
    },

    /**
     * The caller's checkout checked as its placement would check it, nothing written (issue 40): the
     * submission for approval. Every refusal of placement's but the approval rule, with placement's
     * code: an approved request is placed as given lines on account (CHECKOUT_ON_ACCOUNT_ONLY), the
     * addresses, the lines priced now, the punchout's gate and the cost centre required (the claim's
     * own questions, `repo.vet`), and the cost centre as the charge takes it (BudgetPort.exceeds:
     * not the buyer's, or over with the rule `refuse`). `budget`: over, where the rule is approval.
     */
    async vetSubmission(scope: ShopScope, caller: Caller, body: Checkout, signInSession: string | null): Promise<VettedOrder> {
      const customer = requireOrderingCustomer(caller);
      onAccountOnly(scope, customer);
      const claim = await repo.vet(customer, [body.billing_address_id, body.delivery_address_id], body.cost_centre_id ?? null, signInSession);
      const { q, invoice, delivery } = await vet(scope, customer, body, claim.book, { approvalRule: false });
      claim.refuse();
      const budget = await repo.budgetExcess(customer, body.cost_centre_id ?? null, q.money.incl_vat);
      return { quotationId: q.quotationId, lines: q.lines, money: q.money, invoice, delivery, budget };
    },

    async get(caller: Caller, id: string, locale: string): Promise<Order> {
      if (caller.kind !== 'customer' && caller.kind !== 'staff') throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
      const order = await reader.read(caller, id, locale);
      if (!order) throw new AppError(404, ORDER_ERRORS.NOT_FOUND, 'No such order');
      return order;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

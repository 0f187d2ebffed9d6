// The rules of online payment (decision 019). A payment's outcome moves its order out of
// payment_pending exactly once: the order row is locked, a webhook event is recorded by its id
// (a redelivery changes nothing), and the status, its history row, the stock and discount-code
// release and the confirmation mail are written in one transaction. Failed, cancelled and expired
// payments give the stock and the discount-code use back; a retry takes them again or is refused.
import { CHECKOUT_ERRORS, ORDER_ERRORS, PAYMENT_ERRORS, type OrderStatus } from '@portal/shared/schemas';
import { callerUserId, type Caller } from '../../caller';
import { enqueueOrderConfirmation } from '../../common/order-confirmation';
import { paymentLocale, type CreatedPayment, type CreatePaymentInput, type PaymentProvider, type PaymentStatus, type PaymentWebhookEvent } from '../../common/payments';
import type { BudgetPort } from '../budgets/contract';
import type { StockPort } from '../catalog/contract';
import type { DiscountPort } from '../checkout/contract';
import type { EventsPort } from '../integration-events/contract';
import type { InvoicingPort } from '../invoices/contract';
import type { PaymentOrdersPort } from '../orders/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentsRepository } from './payments.repository';
import type { RefundsRepository } from './refunds.repository';

/** The order status each final payment status leads to. */
const ORDER_STATUS_OF: Record<Exclude<PaymentStatus, 'pending'>, OrderStatus> = {
  paid: 'ordered',
  failed: 'payment_failed',
  cancelled: 'payment_cancelled',
  expired: 'payment_expired',
};

/** From these an order may be paid again (the contract's POST /v1/orders/:id/payment). */
const RETRYABLE: readonly OrderStatus[] = ['payment_failed', 'payment_cancelled'];

export type WebhookResult = 'applied' | 'duplicate' | 'unchanged' | 'unknown_payment' | 'refund_requested';

export interface PaymentsConfig {
  /** How long a buyer has to pay. */
  ttlSeconds: number;
  /** Origin of links the buyer follows (the return page). */
  publicBaseUrl: string;
}


/** What a payment's outcome changes outside the payments' own tables: the owners' ports (decision 039). */
export interface PaymentPorts {
  orders: PaymentOrdersPort;
  stock: StockPort;
  discounts: DiscountPort;
  /** Issues the paid invoice of an order paid online (invoices module; absent: no invoice). */
  invoicing?: Pick<InvoicingPort, 'invoicePaidOrder'>;
  /** The cost centre's budget the order was charged to (decision 054; absent: no budgets). */
  budgets?: Pick<BudgetPort, 'giveBack' | 'chargeAgain'>;
  /** The outbox a payment's outcome and a refund record their events in (decision 066). */
  events: EventsPort;
}

/** A line that cannot be taken from stock again, as the OUT_OF_STOCK answer lists it. */
interface ShortLine {
  product_id: string;
  name: string;
  requested: number;
  available: number;
}

export function createPaymentsService(deps: {
  repo: PaymentsRepository;
  refunds: Pick<RefundsRepository, 'request'>;
  provider: PaymentProvider;
  config: PaymentsConfig;
  ports: PaymentPorts;
}) {
  const { repo, refunds, provider, config } = deps;
  const { orders, stock, discounts } = deps.ports;

  /**
   * Takes the order's quantities from stock again, product by product (a conditional update on the
   * locked row, never read then write), and records per product what was backordered, as placement
   * does; answers the lines that are short (the caller rolls back).
   */
  async function takeStockAgain(tx: Tx, orderId: string): Promise<ShortLine[]> {
    const short: ShortLine[] = [];
    for (const line of await orders.ordered(tx, orderId)) {
      const taken = await stock.take(tx, line);
      if (!taken) {
        const level = (await stock.levels(tx, [line.product_id])).get(line.product_id);
        short.push({ product_id: line.product_id, name: line.description, requested: line.quantity, available: Math.max(0, level?.stockLevel ?? 0) });
        continue;
      }
      await orders.recordBackordered(tx, orderId, line.product_id, taken.backordered);
    }
    return short;
  }

  /**
   * Moves a locked payment_pending order to `to`, with its history row; releases stock and the
   * discount-code use unless it was paid; enqueues the confirmation when it was. False: the order
   * had already moved (by an earlier event, the job or a retry) and is left as it is.
   */
  async function settle(tx: Tx, orderId: string, to: OrderStatus, note: string): Promise<boolean> {
    const order = await orders.lock(tx, orderId);
    if (!order || order.status !== 'payment_pending') return false;
    await orders.move(tx, orderId, 'payment_pending', to, null, note);
    if (to === 'ordered') {
      await enqueueOrderConfirmation(tx, orderId);
      await deps.ports.invoicing?.invoicePaidOrder(tx, orderId, new Date().toISOString().slice(0, 10));
    } else {
      await stock.giveBack(tx, await orders.takenFromStock(tx, orderId));
      if (order.discount_code_id !== null) await discounts.giveBack(tx, order.discount_code_id);
      await deps.ports.budgets?.giveBack(tx, orderId);
    }
    return true;
  }

  /**
   * Records a payment for an order and asks the provider for its hosted page (the checkout's
   * PaymentStarter, after placement committed). When the provider cannot be reached the order is
   * not left payment_pending without a payment until expiry: it moves to payment_failed, giving its
   * stock and discount-code use back, so the buyer's order page offers "Pay again" (the retry).
   */
  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return startPayment(input, 'payment_failed', 'payment could not be started');
  }

  /** Asks the provider for a payment; on failure `undo` moves the order back to `to` and answers 503. */
  async function startPayment(input: CreatePaymentInput, to: OrderStatus, note: string): Promise<CreatedPayment> {
    let created: CreatedPayment;
    try {
      created = await provider.createPayment(input);
    } catch {
      // The provider's own error is not the buyer's business (the placement logs it).
      await undo(input.orderId, to, `${note} (${provider.name} unavailable)`);
      throw new AppError(503, PAYMENT_ERRORS.PROVIDER_UNAVAILABLE, 'The payment provider could not be reached; try paying again in a moment', undefined, { 'retry-after': '30' });
    }
    await repo.insertPayment({
      orderId: input.orderId,
      provider: provider.name,
      providerPaymentId: created.paymentId,
      amountCents: input.amountCents,
      currency: input.currency,
      locale: input.locale,
      hostedUrl: created.hostedUrl,
      ttlSeconds: config.ttlSeconds,
    });
    return created;
  }

  /**
   * The compensation of a payment that could not be started: the order, still payment_pending with
   * no pending payment of its own (another payment may still be paid: then it is left waiting),
   * moves to `to` and gives back what was taken for it (the per-line split the taking recorded,
   * decision 034, and the discount-code use), in one transaction.
   */
  async function undo(orderId: string, to: OrderStatus, note: string): Promise<void> {
    await repo.transaction(async (tx) => {
      const order = await orders.lock(tx, orderId);
      if (order?.status !== 'payment_pending' || (await repo.hasPendingPayment(tx, orderId))) return;
      await settle(tx, orderId, to, note);
    });
  }

  /** One pass of the expiry job: orders whose payment time is up move to payment_expired. */
  async function expireDue(limit = 100): Promise<number> {
    return repo.transaction(async (tx) => {
      const due = await repo.dueOrders(tx, config.ttlSeconds, limit);
      let moved = 0;
      for (const orderId of due) {
        await repo.endPendingPayments(tx, orderId, 'expired');
        if (await settle(tx, orderId, 'payment_expired', 'payment expired')) moved++;
      }
      return moved;
    });
  }

  return {
    provider,
    createPayment,
    expireDue,

    /** Applies a verified webhook event once. */
    async applyWebhook(event: PaymentWebhookEvent): Promise<WebhookResult> {
      return repo.transaction(async (tx) => {
        const found = await repo.payment(provider.name, event.paymentId, tx);
        if (!found) {
          // Recorded as nothing: an event stored now would make the provider's redelivery, once the
          // payment row exists, a `duplicate` that is never applied. For an order the portal has, the
          // webhook overtook the placement's insert: not 2xx, so the provider sends it again.
          if (event.orderId !== undefined && (await repo.orderExists(tx, event.orderId))) {
            throw new AppError(503, PAYMENT_ERRORS.NOT_RECORDED_YET, 'This payment is not recorded yet; send the webhook again later', undefined, { 'retry-after': '60' });
          }
          return 'unknown_payment';
        }
        // A genuine payment of the provider's, but not for the order the portal recorded it with.
        if (event.orderId !== undefined && event.orderId !== found.order_id) return 'unknown_payment';
        if (!(await repo.recordEvent(tx, provider.name, event.eventId, found.id, event.status))) return 'duplicate';
        // Locks in one order everywhere (the order, then its payments), as the expiry job takes
        // them: a webhook racing the job waits for it instead of deadlocking with it.
        await orders.lock(tx, found.order_id);
        const payment = (await repo.payment(provider.name, event.paymentId, tx, true))!;
        if (event.status === 'pending') return 'unchanged';
        if (payment.status !== 'pending') {
          // Paid after the portal had ended this payment (expired, or failed before a retry): the
          // order no longer waits for it, so the money goes back (decision 036; 019 left it to staff).
          if (event.status !== 'paid' || payment.status === 'paid') return 'unchanged';
          await repo.setPaymentStatus(tx, payment.id, 'paid');
          await refunds.request(tx, payment.id, `paid after the payment was ${payment.status}`);
          return 'refund_requested';
        }
        await repo.setPaymentStatus(tx, payment.id, event.status);
        const moved = await settle(tx, payment.order_id, ORDER_STATUS_OF[event.status], `payment ${event.status} (${provider.name} ${payment.provider_payment_id})`);
        if (moved) return 'applied';
        // Paid while the order had moved on (expired by the job, or paid by another payment).
        if (event.status !== 'paid') return 'unchanged';
        await refunds.request(tx, payment.id, `paid for an order in ${payment.order_status}`);
        return 'refund_requested';
      });
    },

    /** The hosted page's view of a payment (development provider). */
    payment: (providerPaymentId: string) => repo.payment(provider.name, providerPaymentId),

    /** "Let it expire": the payment's time ends now and the expiry job runs. */
    async expireNow(providerPaymentId: string): Promise<void> {
      await repo.expireNow(provider.name, providerPaymentId);
      await expireDue();
    },

    /**
     * A new payment for an order whose payment failed or was cancelled: the order goes back to
     * payment_pending, taking its stock and discount-code use again (refused when short), then
     * the provider is asked for a new hosted page.
     */
    async retry(caller: Caller, orderId: string, locale: string): Promise<{ payment_url: string }> {
      const order = await repo.transaction(async (tx) => {
        const found = await orders.lock(tx, orderId, caller);
        if (!found) throw new AppError(404, ORDER_ERRORS.NOT_FOUND, 'No such order');
        if (!RETRYABLE.includes(found.status)) {
          throw new AppError(409, ORDER_ERRORS.PAYMENT_NOT_RETRYABLE, `An order in ${found.status} cannot be paid again`);
        }
        const short = await takeStockAgain(tx, orderId);
        if (short.length) {
          throw new AppError(409, CHECKOUT_ERRORS.OUT_OF_STOCK, 'Not enough stock to pay this order again', undefined, undefined, { lines: short });
        }
        if (found.discount_code_id !== null && !(await discounts.useAgain(tx, found.discount_code_id))) {
          throw new AppError(409, CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, 'The discount code of this order can no longer be used');
        }
        // Its cost centre's budget again, where it still fits (BUDGET_EXCEEDED otherwise).
        await deps.ports.budgets?.chargeAgain(tx, orderId);
        await orders.move(tx, orderId, found.status, 'payment_pending', callerUserId(caller), 'payment retried');
        return found;
      });
      const lang = paymentLocale(locale);
      // Mollie down: the order goes back to where it was, retryable, with what was taken given back.
      const created = await startPayment(
        {
          orderId,
          orderNumber: order.number,
          amountCents: order.total_cents,
          currency: order.currency,
          locale: lang,
          returnUrl: `${config.publicBaseUrl}/${lang}/checkout/order/${orderId}`,
        },
        order.status,
        'payment retry could not be started',
      );
      return { payment_url: created.hostedUrl };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

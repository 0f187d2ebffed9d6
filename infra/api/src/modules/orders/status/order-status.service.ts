// The rules of moving an order: the transition table (common/order-transitions.ts) decides which
// move exists, for which actor, under which guard. Each refusal has its own stable code; the
// order's detail after the move comes from the order-history module through the port below.
import {
  API_ERRORS,
  ORDER_HISTORY_ERRORS,
  type OrderDetail,
  type OrderProblemReport,
  type OrderStatusChange,
} from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { canConfirmDelivery, canReportProblem, todayUtc, transitionsBetween } from '../../../common/order-transitions';
import { mailLocale } from '../../../common/outbox';
import { AppError } from '../../../errors';
import type { Actor, OrderStatusRepository, StatusOrder } from './order-status.repository';

/** What this module needs from order-history: the detail of an order as the caller sees it. */
export interface OrderDetails {
  detail(caller: Caller, by: { id: string }, locale: string): Promise<OrderDetail>;
}

function requireActor(caller: Caller): Actor {
  if (caller.kind === 'staff') return caller;
  if (caller.kind === 'customer' && caller.organisationId) return caller;
  throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to change orders');
}

const facts = (o: StatusOrder) => ({ expectedDeliveryOn: o.expected_delivery_on, deliveryConfirmedAt: o.delivery_confirmed_at, today: todayUtc() });
const conflict = () => new AppError(409, ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED, 'The order changed meanwhile; reload it');

export function createOrderStatusService(deps: { repo: OrderStatusRepository; orders: OrderDetails }) {
  const { repo, orders } = deps;

  async function load(actor: Actor, id: string): Promise<StatusOrder> {
    const order = await repo.find(actor, id);
    if (!order) throw new AppError(404, ORDER_HISTORY_ERRORS.NOT_FOUND, 'No such order');
    return order;
  }

  return {
    /** Staff move an order on; payment states are the payment flow's, customers confirm delivery instead. */
    async move(caller: Caller, id: string, change: OrderStatusChange, locale: string): Promise<OrderDetail> {
      const actor = requireActor(caller);
      const order = await load(actor, id);
      const rows = transitionsBetween(order.status, change.status);
      if (rows.some((t) => t.by === 'payment') || order.status.startsWith('payment_') || change.status.startsWith('payment_')) {
        throw new AppError(409, ORDER_HISTORY_ERRORS.PAYMENT_STATE, 'Payment states change only through the payment flow');
      }
      if (!rows.length) throw new AppError(409, ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED, `An order cannot move from ${order.status} to ${change.status}`);
      const allowed = rows.find((t) => t.by === 'staff');
      if (actor.kind !== 'staff' || !allowed) throw new AppError(403, ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN, 'Your role cannot make this move');
      if (allowed.guard && !allowed.guard(facts(order))) throw new AppError(409, ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED, 'Not yet');
      for (const field of allowed.needs ?? []) {
        if (!change[field]) throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'Missing field', [{ path: field, message: 'validation.required' }]);
      }
      const moved = await repo.move(actor, order, change.status, {
        trackingReference: change.tracking_reference,
        expectedDeliveryOn: change.expected_delivery_on,
        note: change.note || null,
      });
      if (!moved) throw conflict();
      return orders.detail(caller, { id }, locale);
    },

    /** The buyer confirms delivery: who and when; an order still in shipping becomes delivered. */
    async confirmDelivery(caller: Caller, id: string, locale: string): Promise<OrderDetail> {
      const actor = requireActor(caller);
      const order = await load(actor, id);
      if (actor.kind !== 'customer') throw new AppError(403, ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN, 'Only the customer confirms delivery');
      if (!canConfirmDelivery(order.status, facts(order))) {
        throw new AppError(409, ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE, 'Delivery can be confirmed once the shipment arrived or its expected date passed');
      }
      const moved = await repo.move(actor, order, 'delivered', { confirmDelivery: true });
      if (!moved) throw conflict();
      return orders.detail(caller, { id }, locale);
    },

    /** Missing or damaged lines: a message to the case manager, with a mail in their language. */
    async reportProblem(caller: Caller, id: string, report: OrderProblemReport, locale: string): Promise<OrderDetail> {
      const actor = requireActor(caller);
      const order = await load(actor, id);
      if (actor.kind !== 'customer') throw new AppError(403, ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN, 'Only the customer reports a delivery problem');
      if (!canReportProblem(order.status)) throw new AppError(409, ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE, 'The order has not been shipped yet');
      const lines = new Map((await repo.lines(order.id)).map((l) => [l.id, l]));
      const errors = report.lines.flatMap((l, i) => {
        const line = lines.get(l.line_id);
        if (!line) return [{ path: `lines.${i}.line_id`, message: 'validation.invalid.value' }];
        if (l.quantity > line.quantity) return [{ path: `lines.${i}.quantity`, message: 'validation.tooBig.number', values: { count: line.quantity } }];
        return [];
      });
      if (errors.length) throw new AppError(422, ORDER_HISTORY_ERRORS.UNKNOWN_LINE, 'The report names lines or quantities that are not on the order', errors);
      const details = { lines: report.lines.map((l) => ({ ...l, article_code: lines.get(l.line_id)!.article_code, description: lines.get(l.line_id)!.description })) };
      const manager = await repo.caseManagerOf(order.organisation_id);
      const mailTo = manager ? mailLocale(manager.locale) : 'en';
      await repo.reportProblem(
        actor,
        order.id,
        report.description ?? '',
        details,
        manager
          ? {
              channel: 'email',
              recipient: manager.email,
              template: 'orders.problem-reported',
              locale: mailTo,
              payload: {
                firstName: manager.first_name,
                orderNumber: order.number,
                lines: details.lines.map((l) => `${l.quantity} × ${l.article_code} ${l.description} (${l.kind})`).join('; '),
                description: report.description ?? '',
                path: `/${mailTo}/my-orders/${encodeURIComponent(order.number)}`,
              },
            }
          : null,
      );
      return orders.detail(caller, { id }, locale);
    },
  };
}
export type OrderStatusService = ReturnType<typeof createOrderStatusService>;

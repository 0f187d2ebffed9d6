// The order status transitions (spec section 4 lists the statuses; issue 14 the moves). One table:
// which status may move to which, by whom, under which guard. The order-status module enforces it,
// the order-history module reads it to offer the caller's next moves. Payment states move only
// through the payment flow (actor `payment`: no person's request reaches those rows).
import type { OrderStatus } from '@portal/shared/schemas';

export type TransitionActor = 'staff' | 'customer' | 'payment';

/** What a guard sees of the order. */
export interface TransitionFacts {
  expectedDeliveryOn: string | null;
  deliveryConfirmedAt: Date | string | null;
  /** Today, `YYYY-MM-DD` (UTC). */
  today: string;
}

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  by: TransitionActor;
  /** Extra input the move needs (checked by the request schema and again here). */
  needs?: readonly ('tracking_reference' | 'expected_delivery_on')[];
  /** A condition on the order; false refuses the move. */
  guard?: (f: TransitionFacts) => boolean;
}

/** The expected date passed (or the carrier said delivered) and nobody confirmed yet. */
export const deliveryDue = (f: TransitionFacts) => !f.deliveryConfirmedAt && !!f.expectedDeliveryOn && f.expectedDeliveryOn <= f.today;

export const ORDER_TRANSITIONS: readonly Transition[] = [
  // The payment flow (payments module): placed web-shop orders.
  { from: 'payment_pending', to: 'ordered', by: 'payment' },
  { from: 'payment_pending', to: 'payment_failed', by: 'payment' },
  { from: 'payment_pending', to: 'payment_cancelled', by: 'payment' },
  { from: 'payment_pending', to: 'payment_expired', by: 'payment' },
  { from: 'payment_failed', to: 'payment_pending', by: 'payment' },
  { from: 'payment_cancelled', to: 'payment_pending', by: 'payment' },
  // The supplier's side: case manager or sales consultant of an assigned organisation.
  { from: 'ordered', to: 'processing', by: 'staff' },
  { from: 'processing', to: 'to_be_shipped', by: 'staff' },
  { from: 'to_be_shipped', to: 'in_shipping', by: 'staff', needs: ['tracking_reference', 'expected_delivery_on'] },
  // The carrier says delivered: staff record it; the buyer is then asked to confirm.
  { from: 'in_shipping', to: 'delivered', by: 'staff' },
  // The buyer confirms delivery once the expected date has passed.
  { from: 'in_shipping', to: 'delivered', by: 'customer', guard: deliveryDue },
];

/** The rows from a status to another (any actor). */
export const transitionsBetween = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS.filter((t) => t.from === from && t.to === to);

/** The statuses an actor may move an order to now. */
export function nextStatuses(by: TransitionActor, from: OrderStatus, facts: TransitionFacts): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by === by && (!t.guard || t.guard(facts))).map((t) => t.to);
}

/** Whether the buyer may confirm delivery: delivered (carrier) unconfirmed, or in shipping past the expected date. */
export function canConfirmDelivery(status: OrderStatus, facts: TransitionFacts): boolean {
  if (facts.deliveryConfirmedAt) return false;
  return status === 'delivered' || nextStatuses('customer', status, facts).includes('delivered');
}

/** A problem (missing or damaged lines) can be reported once the shipment left. */
export const canReportProblem = (status: OrderStatus) => status === 'in_shipping' || status === 'delivered';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * A warehouse's shipment (decision 050): the statuses an order can be shipped from, and where a
 * shipment takes it. Everything shipped: in shipping (the move staff make with a tracking reference
 * and an expected date; the shipment carries both). Part shipped: to be shipped (the rest is still
 * to go), from ordered or processing as well; an order staff already put in shipping stays there.
 * Not in ORDER_TRANSITIONS: these moves are the warehouse's, never offered to a person.
 */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['ordered', 'processing', 'to_be_shipped', 'in_shipping'];

export function shipmentTarget(from: OrderStatus, complete: boolean): OrderStatus | null {
  if (!SHIPPABLE_STATUSES.includes(from)) return null;
  if (complete) return 'in_shipping';
  return from === 'in_shipping' ? 'in_shipping' : 'to_be_shipped';
}

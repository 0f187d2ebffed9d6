// Changes made as their owners make them, so that they publish their integration events (decision
// 066: the owner records the event in its own transaction; a row written by hand publishes nothing).
import type { OrderStatus } from '@portal/shared/schemas';
import type { Db, Tx } from '../db/client';
import { integrationEventsPort as events } from '../modules/integration-events/outbox';
import { writeOrderHistory, type HistoryRow } from '../modules/orders/order-events';
import { createPaymentsRepository, type PaymentRowStatus } from '../modules/payments/payments.repository';
import { writeQuotationHistory, type QuotationStep } from '../modules/quotations/quotation-events';

/** An order's history row (and its event), as a move writes it; the order's own status is the caller's business. */
export const orderHistoryRow = (db: Db | Tx, row: HistoryRow) => writeOrderHistory(db, events, row);

/** The orders' moves from `from` to `to` as history rows with their events. */
export const orderMoved = (db: Db | Tx, orderId: string, from: OrderStatus, to: OrderStatus) => orderHistoryRow(db, { orderId, status: to, fromStatus: from });

/** A quotation's history row (and, but for an edit, its event). */
export const quotationStep = (db: Db | Tx, quotationId: string, step: QuotationStep) => writeQuotationHistory(db, events, quotationId, step, null);

/** A payment's status set as a provider's webhook sets it (its outcome's event with it). */
export const paymentStatusSet = (db: Db, paymentId: string, status: PaymentRowStatus) =>
  db.transaction((tx) => createPaymentsRepository(db, events).setPaymentStatus(tx, paymentId, status));

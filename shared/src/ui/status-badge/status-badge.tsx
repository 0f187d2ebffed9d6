import { FormattedMessage } from 'react-intl';
import type { OrderStatus } from '../../schemas/order';
import type { StockState } from '../../schemas/stock';
import type { StatusTone } from './status-tones';
import { ToneBadge } from './tone-badge';

// The states come from the schemas (types only: nothing of them is bundled here), so a new state
// there fails the typecheck of the tables below until it has a colour and a label.

/** Where an order's payment stands: the payment_* order statuses, or paid for every later one. */
export type PaymentStatus = (OrderStatus extends infer S ? (S extends `payment_${infer P}` ? P : never) : never) | 'paid';
/** A quotation is a draft until it is sent, then locked (spec section 4); then answered, accepted or expired. */
export type QuotationStatus = 'draft' | 'sent' | 'answered' | 'accepted' | 'expired';

const STOCK_TONES: Readonly<Record<StockState, StatusTone>> = {
  in_stock: 'positive',
  low_stock: 'caution',
  backorder: 'info',
  not_available: 'neutral',
  not_within_contract: 'negative',
  price_on_request: 'special',
};
const ORDER_TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  payment_pending: 'caution',
  payment_failed: 'negative',
  payment_cancelled: 'neutral',
  payment_expired: 'neutral',
  ordered: 'info',
  processing: 'info',
  to_be_shipped: 'info',
  in_shipping: 'special',
  delivered: 'positive',
};
const PAYMENT_TONES: Readonly<Record<PaymentStatus, StatusTone>> = {
  pending: 'caution',
  failed: 'negative',
  cancelled: 'neutral',
  expired: 'neutral',
  paid: 'positive',
};
const QUOTATION_TONES: Readonly<Record<QuotationStatus, StatusTone>> = { draft: 'neutral', sent: 'info', answered: 'special', accepted: 'positive', expired: 'neutral' };

/** The payment status an order status implies. */
export function paymentStatusOf(status: OrderStatus): PaymentStatus {
  return status.startsWith('payment_') ? (status.slice('payment_'.length) as PaymentStatus) : 'paid';
}

function StatusBadge({ tone, messageId, kind, value }: { tone: StatusTone; messageId: string; kind: string; value: string }) {
  // `data-stock-state`, `data-order-status`, ...: a stable hook for browser tests and styles.
  const data = { [`data-${kind}`]: value };
  return (
    <ToneBadge tone={tone} {...data}>
      <FormattedMessage id={messageId} />
    </ToneBadge>
  );
}

/** Props of StockBadge. */
export interface StockBadgeProps {
  /** The product's stock display state. */
  state: StockState;
}
/** A product's stock state, in words and colour. */
export function StockBadge({ state }: StockBadgeProps) {
  return <StatusBadge tone={STOCK_TONES[state]} messageId={`status.stock.${state}`} kind="stock-state" value={state} />;
}

/** Props of OrderStatusBadge. */
export interface OrderStatusBadgeProps {
  /** The order's status. */
  status: OrderStatus;
}
/** An order's status, in words and colour. */
export function OrderStatusBadge({ status }: OrderStatusBadgeProps) {
  return <StatusBadge tone={ORDER_TONES[status]} messageId={`status.order.${status}`} kind="order-status" value={status} />;
}

/** Props of PaymentStatusBadge. */
export interface PaymentStatusBadgeProps {
  /** Where the payment stands (`paymentStatusOf(order.status)`). */
  status: PaymentStatus;
}
/** An order's payment status, in words and colour. */
export function PaymentStatusBadge({ status }: PaymentStatusBadgeProps) {
  return <StatusBadge tone={PAYMENT_TONES[status]} messageId={`status.payment.${status}`} kind="payment-status" value={status} />;
}

/** Props of QuotationStatusBadge. */
export interface QuotationStatusBadgeProps {
  /** Draft (editable) or sent (locked). */
  status: QuotationStatus;
}
/** A quotation's status, in words and colour. */
export function QuotationStatusBadge({ status }: QuotationStatusBadgeProps) {
  return <StatusBadge tone={QUOTATION_TONES[status]} messageId={`status.quotation.${status}`} kind="quotation-status" value={status} />;
}

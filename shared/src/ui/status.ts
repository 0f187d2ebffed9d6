// `@portal/shared/ui/status`: the states of what a page shows: the loading / error / empty region and
// the status badges (stock, order, payment, quotation) with their labels. An entry of its own, and a
// light one (only core components), so that neither the sign-in screens nor the dashboard's widgets
// download the tables and paging of `./ui/data` for them (docs/decisions/001).
export { StateRegion } from './state-region/state-region';
export type { StateRegionProps } from './state-region/state-region';
export {
  StockBadge,
  OrderStatusBadge,
  PaymentStatusBadge,
  QuotationStatusBadge,
  paymentStatusOf,
} from './status-badge/status-badge';
export type {
  StockBadgeProps,
  OrderStatusBadgeProps,
  PaymentStatusBadgeProps,
  QuotationStatusBadgeProps,
  PaymentStatus,
  QuotationStatus,
} from './status-badge/status-badge';
export { getStatusMessages } from './status-badge/status-messages';
export type { StatusMessageKey } from './status-badge/status-messages';
export { STATUS_TONE_COLORS } from './status-badge/status-tones';
export { ToneBadge, TONE_BADGE_VARIANTS } from './status-badge/tone-badge';
export type { ToneBadgeProps, ToneBadgeVariant } from './status-badge/tone-badge';
export type { StatusTone } from './status-badge/status-tones';

// `@portal/shared/ui/data`: showing data: tables, paging, tabs, timelines, the loading / error / empty
// states of a region and the status badges (docs/decisions/001). Not in `./ui`, so the pages that show
// no data (the sign-in screens) do not download these.
export {
  Accordion,
  Avatar,
  Breadcrumbs,
  Highlight,
  Indicator,
  NumberFormatter,
  Pagination,
  Progress,
  Spoiler,
  Table,
  Tabs,
  Timeline,
} from '@mantine/core';
export type { AccordionProps, PaginationProps, TableProps, TabsProps } from '@mantine/core';
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
export type { StatusTone } from './status-badge/status-tones';

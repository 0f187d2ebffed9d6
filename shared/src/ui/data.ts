// `@portal/shared/ui/data`: showing collections: tables, paging, tabs, timelines (docs/decisions/001).
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

// `@portal/shared/ui/data`: showing collections: tables and timelines (docs/decisions/001); the
// paging is `./ui/paging`. Only names some page uses (as in `./index.ts`): a shared entry is not
// tree-shaken, so every name here is downloaded by every page with a table, the product page among
// them (issue 45: Accordion, Avatar, Breadcrumbs, Highlight, Indicator, NumberFormatter, Progress,
// Spoiler and Tabs, which no page used, went).
export { Table, Timeline } from '@mantine/core';
export type { TableProps } from '@mantine/core';

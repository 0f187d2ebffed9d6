// `@portal/shared/ui/paging`: the paging under a list. An entry of its own (issue 45): the shop's
// paging loads after its grid and took the tables and timelines of `./ui/data` with it.
export { Pagination } from '@mantine/core';
export type { PaginationProps } from '@mantine/core';

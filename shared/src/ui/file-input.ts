// `@portal/shared/ui/file-input`: Mantine's FileInput, an entry of its own: one page (the quick
// order's file upload) uses it (docs/decisions/028).
export { FileInput } from '@mantine/core';

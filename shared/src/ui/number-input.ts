// `@portal/shared/ui/number-input`: Mantine's NumberInput, an entry of its own because it brings
// react-number-format (~6 KB gzip) that the pages with only text fields (the sign-in screens) do not
// need (docs/decisions/025).
export { NumberInput } from '@mantine/core';
export type { NumberInputProps } from '@mantine/core';

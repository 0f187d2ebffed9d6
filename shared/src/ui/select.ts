// `@portal/shared/ui/select`: pickers built on Mantine's Combobox and floating positioning, the
// heaviest controls, in an entry of their own (docs/decisions/001).
export { TagsInput, TAG_DELIMITERS } from './tags-input/tags-input';
export type { TagsInputProps } from './tags-input/tags-input';
export { Autocomplete, Combobox, MultiSelect, Select, useCombobox } from '@mantine/core';
export type { ComboboxItem, MultiSelectProps, SelectProps } from '@mantine/core';

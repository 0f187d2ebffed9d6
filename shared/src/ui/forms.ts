// `@portal/shared/ui/forms`: the text fields (Input, PasswordInput, Textarea). A shared singleton of
// its own, loaded by the pages that have forms (docs/decisions/001). A shared module ships whole
// wherever one of its names is used, so the other control families are entries of their own and
// the sign-in screens load only these (docs/decisions/028): `ui/choice` (checkboxes, radios,
// switches, native selects), `ui/file-input`, `ui/number-input` (react-number-format) and
// `ui/select` (the Combobox pickers).
export { Input } from './input/input';
export type { InputProps } from './input/input';
export { PasswordInput, Textarea } from '@mantine/core';
export type { PasswordInputProps, TextareaProps } from '@mantine/core';
export { NewPasswordFields } from './new-password-fields/new-password-fields';
export type { NewPasswordFieldsProps } from './new-password-fields/new-password-fields';

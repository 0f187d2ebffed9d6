// `@portal/shared/ui/forms`: form controls. A shared singleton of its own, loaded by the pages that
// have forms (docs/decisions/001). The number input is `./ui/number-input` (it brings
// react-number-format, which the sign-in screens do not need); Chip, PinInput and Stepper, which no
// page used, are gone (docs/decisions/025).
export { Input } from './input/input';
export type { InputProps } from './input/input';
export {
  Checkbox,
  Fieldset,
  FileInput,
  NativeSelect,
  PasswordInput,
  Radio,
  Switch,
  Textarea,
} from '@mantine/core';
export type {
  CheckboxProps,
  PasswordInputProps,
  RadioProps,
  SwitchProps,
  TextareaProps,
} from '@mantine/core';

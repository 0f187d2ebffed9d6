// `@portal/shared/ui/forms`: form controls. A shared singleton of its own, loaded by the pages that
// have forms (docs/decisions/001).
export { Input } from './input/input';
export type { InputProps } from './input/input';
export {
  Checkbox,
  Chip,
  Fieldset,
  FileInput,
  NativeSelect,
  NumberInput,
  PasswordInput,
  PinInput,
  Radio,
  Stepper,
  Switch,
  Textarea,
} from '@mantine/core';
export type {
  CheckboxProps,
  NumberInputProps,
  PasswordInputProps,
  RadioProps,
  StepperProps,
  SwitchProps,
  TextareaProps,
} from '@mantine/core';

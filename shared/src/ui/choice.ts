// `@portal/shared/ui/choice`: the choice controls (Checkbox, Radio, Switch, a Fieldset to group
// them, the browser's own select). An entry of its own so that a page with only text fields (the
// sign-in screens) does not download them with `ui/forms` (docs/decisions/028).
export { Checkbox, Fieldset, NativeSelect, Radio, Switch } from '@mantine/core';
export type { CheckboxProps, RadioProps, SwitchProps } from '@mantine/core';
// The VAT toggle is a Switch: it ships with the choice controls, never on the sign-in screens.
export { VatToggle } from './vat-toggle/vat-toggle';
export type { VatToggleProps } from './vat-toggle/vat-toggle';

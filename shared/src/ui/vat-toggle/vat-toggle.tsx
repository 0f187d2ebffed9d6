import { Switch } from '@mantine/core';

/** Props of VatToggle. */
export interface VatToggleProps {
  /** Whether prices are shown with VAT. */
  inclVat: boolean;
  onChange: (inclVat: boolean) => void;
  /** The translated label, in the remote's own words ("Prices incl. VAT"). */
  label: string;
}

/** The VAT toggle: prices with or without VAT (the preference itself: `@portal/shared/preferences`). */
export function VatToggle({ inclVat, onChange, label }: VatToggleProps) {
  return <Switch checked={inclVat} onChange={(event) => onChange(event.currentTarget.checked)} label={label} />;
}

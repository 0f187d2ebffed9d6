import { useIntl } from 'react-intl';
import { Switch } from '@portal/shared/ui/choice';

/** The VAT toggle: prices with or without VAT. */
export function VatToggle({ inclVat, onChange }: { inclVat: boolean; onChange: (inclVat: boolean) => void }) {
  const intl = useIntl();
  return <Switch checked={inclVat} onChange={(e) => onChange(e.currentTarget.checked)} label={intl.formatMessage({ id: 'checkout.vat.toggle' })} />;
}

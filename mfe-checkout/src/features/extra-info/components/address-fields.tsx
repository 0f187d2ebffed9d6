// A new address typed at checkout (spec section 3), in the Belgian and Dutch formats: the postal code
// hint follows the country (1000 / 1234 AB) and the phone shows a Belgian example.
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRY_CODES, type CountryCode } from '@portal/shared/schemas/checkout';
import type { UseForm } from '@portal/shared/form';
import { Group, Stack } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import type { ExtraInfoValues, NewAddressValues } from '../lib/extra-info-form';

const POSTAL_EXAMPLES: Record<CountryCode, string> = { BE: '1000', NL: '1234 AB' };
const PHONE_PLACEHOLDER = '+32 470 12 34 56';

export function AddressFields({ prefix, form }: { prefix: 'new_billing' | 'new_delivery'; form: UseForm<ExtraInfoValues> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const f = (name: keyof NewAddressValues) => form.field(`${prefix}.${name}`);
  const country = form.values[prefix].country;
  return (
    <Stack gap="sm" data-testid={`${prefix}-fields`}>
      <Input label={<FormattedMessage id="checkout.address.label" />} required {...f('label')} />
      <Group grow align="flex-start">
        <Input label={<FormattedMessage id="checkout.address.street" />} autoComplete="address-line1" required {...f('street')} />
        <Input label={<FormattedMessage id="checkout.address.nr" />} required {...f('nr')} />
        <Input label={<FormattedMessage id="checkout.address.box" />} {...f('box')} />
      </Group>
      <Group grow align="flex-start">
        <Input
          label={<FormattedMessage id="checkout.address.postalCode" />}
          autoComplete="postal-code"
          placeholder={POSTAL_EXAMPLES[country as CountryCode]}
          required
          {...f('postal_code')}
        />
        <Input label={<FormattedMessage id="checkout.address.city" />} autoComplete="address-level2" required {...f('city')} />
      </Group>
      <NativeSelect
        label={<FormattedMessage id="checkout.address.country" />}
        autoComplete="country"
        data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`checkout.country.${code}`) }))}
        {...f('country')}
      />
      <Group grow align="flex-start">
        <Input label={<FormattedMessage id="checkout.address.email" />} type="email" autoComplete="email" required {...f('email')} />
        <Input label={<FormattedMessage id="checkout.address.phone" />} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required {...f('phone')} />
      </Group>
    </Stack>
  );
}

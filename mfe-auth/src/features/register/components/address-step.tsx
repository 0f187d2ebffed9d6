import { FormattedMessage, useIntl } from 'react-intl';
import type { UseForm } from '@portal/shared/form';
import { COUNTRY_CODES } from '@portal/shared/schemas';
import { Group } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { PHONE_PLACEHOLDER, type RegistrationValues } from '../lib/registration-steps';

/** Step 2: the first address of the organisation's address book. */
export function AddressStep({ form }: { form: UseForm<RegistrationValues> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Input label={<FormattedMessage id="auth.field.addressLabel" />} required {...form.field('address.label')} />
      <NativeSelect
        label={<FormattedMessage id="auth.field.addressType" />}
        data={[
          { value: 'billing', label: t('auth.addressType.billing') },
          { value: 'shipping', label: t('auth.addressType.shipping') },
        ]}
        {...form.field('address.type')}
      />
      <Group grow align="flex-start">
        <Input label={<FormattedMessage id="auth.field.street" />} autoComplete="address-line1" required {...form.field('address.street')} />
        <Input label={<FormattedMessage id="auth.field.nr" />} required {...form.field('address.nr')} />
        <Input label={<FormattedMessage id="auth.field.box" />} {...form.field('address.box')} />
      </Group>
      <Group grow align="flex-start">
        <Input label={<FormattedMessage id="auth.field.postalCode" />} autoComplete="postal-code" required {...form.field('address.postal_code')} />
        <Input label={<FormattedMessage id="auth.field.city" />} autoComplete="address-level2" required {...form.field('address.city')} />
      </Group>
      <NativeSelect
        label={<FormattedMessage id="auth.field.country" />}
        autoComplete="country"
        data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`auth.country.${code}`) }))}
        {...form.field('address.country')}
      />
      <Input label={<FormattedMessage id="auth.field.addressEmail" />} type="email" required {...form.field('address.email')} />
      <Input label={<FormattedMessage id="auth.field.addressPhone" />} type="tel" placeholder={PHONE_PLACEHOLDER} required {...form.field('address.phone')} />
    </>
  );
}

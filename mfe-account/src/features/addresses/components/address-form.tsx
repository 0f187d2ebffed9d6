// Creating or editing one address of the book (spec section 3 fields, section 5 messages).
import { type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useUnsavedChangesGuard } from '@portal/shared/navigation';
import { API_ERRORS, COUNTRY_CODES, type Address } from '@portal/shared/schemas/account';
import { AddressBookInputSchema } from '@portal/shared/schemas/phone-forms';
import { Button, Group, Stack, Title } from '@portal/shared/ui';
import { Checkbox, NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { isDirty } from '../../../lib/dirty';
import { failureOf } from '../../../lib/failure';
import { PHONE_PLACEHOLDER } from '../../../lib/phone';
import { FailedNotice } from '../../../lib/saved-notice';
import { useSaveAddress } from '../api/save-address';
import { useState } from 'react';

type Values = { label: string; type: string; street: string; nr: string; box: string; postal_code: string; city: string; country: string; email: string; phone: string; is_default: boolean };

const valuesOf = (a: Address | null): Values => ({
  label: a?.label ?? '',
  type: a?.type ?? 'shipping',
  street: a?.street ?? '',
  nr: a?.nr ?? '',
  box: a?.box ?? '',
  postal_code: a?.postal_code ?? '',
  city: a?.city ?? '',
  country: a?.country ?? 'BE',
  email: a?.email ?? '',
  phone: a?.phone ?? '',
  is_default: a?.is_default ?? false,
});

export function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [initial] = useState(() => valuesOf(address));
  const form = useForm(initial);
  const { attachForm } = form;
  const save = useSaveAddress();
  const [failed, setFailed] = useState(false);
  useUnsavedChangesGuard(isDirty(form.values, initial));
  const headingId = address ? `address-edit-${address.id}` : 'address-new';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const input = form.validate(AddressBookInputSchema);
    if (!input) return;
    try {
      await save.mutateAsync({ id: address?.id ?? null, body: input });
      onDone();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setFailed(true);
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          <FormattedMessage id={address ? 'account.addresses.editHeading' : 'account.addresses.newHeading'} />
        </Title>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.addressLabel" />} required {...form.field('label')} />
          <NativeSelect
            label={<FormattedMessage id="account.field.addressType" />}
            data={[
              { value: 'billing', label: t('account.addressType.billing') },
              { value: 'shipping', label: t('account.addressType.shipping') },
            ]}
            {...form.field('type')}
          />
        </Group>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.street" />} autoComplete="address-line1" required {...form.field('street')} />
          <Input label={<FormattedMessage id="account.field.nr" />} required {...form.field('nr')} />
          <Input label={<FormattedMessage id="account.field.box" />} {...form.field('box')} />
        </Group>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.postalCode" />} autoComplete="postal-code" required {...form.field('postal_code')} />
          <Input label={<FormattedMessage id="account.field.city" />} autoComplete="address-level2" required {...form.field('city')} />
          <NativeSelect label={<FormattedMessage id="account.field.country" />} data={COUNTRY_CODES.map((c) => ({ value: c, label: t(`account.country.${c}`) }))} {...form.field('country')} />
        </Group>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.email" />} type="email" autoComplete="email" required {...form.field('email')} />
          <Input label={<FormattedMessage id="account.field.phone" />} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required {...form.field('phone')} />
        </Group>
        <Checkbox label={<FormattedMessage id="account.addresses.makeDefault" />} {...form.checkbox('is_default')} />
        {failed && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            <FormattedMessage id="account.addresses.save" />
          </Button>
          <Button variant="ghost" onClick={onDone}>
            <FormattedMessage id="account.addresses.cancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

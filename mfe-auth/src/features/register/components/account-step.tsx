import { FormattedMessage } from 'react-intl';
import type { UseForm } from '@portal/shared/form';
import { Group, Stack } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { Input, NewPasswordFields } from '@portal/shared/ui/forms';
import { PHONE_PLACEHOLDER, type RegistrationValues } from '../lib/registration-steps';

/** Step 1: what kind of registration, who you are and your password. */
export function AccountStep({ form }: { form: UseForm<RegistrationValues> }) {
  return (
    <>
      <Radio.Group label={<FormattedMessage id="auth.register.kind" />} value={form.values.kind} onChange={(value) => form.setValue('kind', value)}>
        <Stack gap="xs" mt="xs">
          <Radio value="webshop" label={<FormattedMessage id="auth.register.kind.webshop" />} />
          <Radio value="contract_request" label={<FormattedMessage id="auth.register.kind.contract" />} />
        </Stack>
      </Radio.Group>
      <Group grow align="flex-start">
        <Input label={<FormattedMessage id="auth.field.firstName" />} autoComplete="given-name" required {...form.field('first_name')} />
        <Input label={<FormattedMessage id="auth.field.lastName" />} autoComplete="family-name" required {...form.field('last_name')} />
      </Group>
      <Input label={<FormattedMessage id="auth.field.email" />} type="email" autoComplete="email" required {...form.field('email')} />
      <Input label={<FormattedMessage id="auth.field.phone" />} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required {...form.field('phone')} />
      <NewPasswordFields
        form={form}
        messages={{ password: 'auth.field.password', hint: 'auth.field.passwordHint', confirmation: 'auth.field.passwordConfirmation', showPassword: 'auth.field.showPassword' }}
      />
    </>
  );
}

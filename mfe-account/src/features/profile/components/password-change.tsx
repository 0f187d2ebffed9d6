// Changing the password asks for the current one; other sessions are signed out by the API.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { ACCOUNT_ERRORS, API_ERRORS, PasswordChangeSchema } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Title } from '@portal/shared/ui';
import { NewPasswordFields, PasswordInput } from '@portal/shared/ui/forms';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useChangePassword } from '../api/change-password';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function PasswordChange() {
  const intl = useIntl();
  const form = useForm(EMPTY);
  const { attachForm } = form;
  const change = useChangePassword();
  const [state, setState] = useState<'saved' | 'failed' | null>(null);
  const toggle = { 'aria-label': intl.formatMessage({ id: 'account.field.showPassword' }) };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    const input = form.validate(PasswordChangeSchema);
    if (!input) return;
    try {
      await change.mutateAsync(input);
      for (const key of Object.keys(EMPTY)) form.setValue(key, '');
      setState('saved');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.errors.length && (failure.code === API_ERRORS.VALIDATION_FAILED || failure.code === ACCOUNT_ERRORS.CURRENT_PASSWORD_INVALID)) form.showErrors(failure.errors);
      else setState('failed');
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3" id="password-heading">
          <FormattedMessage id="account.password.heading" />
        </Title>
        <PasswordInput label={<FormattedMessage id="account.password.current" />} autoComplete="current-password" required visibilityToggleButtonProps={toggle} {...form.field('current_password')} />
        <NewPasswordFields
          form={form}
          messages={{ password: 'account.password.new', hint: 'account.password.hint', confirmation: 'account.password.confirmation', showPassword: 'account.field.showPassword' }}
        />
        {state === 'saved' && (
          <SavedNotice>
            <FormattedMessage id="account.password.saved" />
          </SavedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" variant="outline" loading={change.isPending}>
            <FormattedMessage id="account.password.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

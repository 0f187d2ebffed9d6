// Changing the email address: a code goes to the new address, and the address changes only once
// the code is entered here (the API keeps the old one until then).
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { ACCOUNT_ERRORS, API_ERRORS, EmailChangeConfirmSchema, EmailChangeRequestSchema, type Profile } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text, Title } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useConfirmEmailChange, useStartEmailChange } from '../api/email-change';

export function EmailChange({ profile }: { profile: Profile }) {
  const form = useForm({ email: '', code: '' });
  const { attachForm } = form;
  const start = useStartEmailChange();
  const confirm = useConfirmEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<'changed' | 'failed' | 'wait' | null>(null);

  function onFailure(error: unknown) {
    const failure = failureOf(error);
    if (failure.errors.length && [API_ERRORS.VALIDATION_FAILED, ACCOUNT_ERRORS.EMAIL_TAKEN, ACCOUNT_ERRORS.CODE_INVALID, ACCOUNT_ERRORS.CODE_EXPIRED].includes(failure.code as never)) {
      form.showErrors(failure.errors);
    } else setMessage(failure.code === API_ERRORS.RATE_LIMITED ? 'wait' : 'failed');
  }

  async function onRequest(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const input = form.validate(EmailChangeRequestSchema, { email: form.values.email });
    if (!input) return;
    try {
      const started = await start.mutateAsync(input.email);
      setSentTo(started.email);
    } catch (error) {
      onFailure(error);
    }
  }

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const input = form.validate(EmailChangeConfirmSchema, { email: sentTo, code: form.values.code });
    if (!input) return;
    try {
      await confirm.mutateAsync(input);
      setSentTo(null);
      form.setValue('email', '');
      form.setValue('code', '');
      setMessage('changed');
    } catch (error) {
      onFailure(error);
    }
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={2} size="h3" id="email-heading">
        <FormattedMessage id="account.email.heading" />
      </Title>
      <Text>
        <FormattedMessage id="account.email.current" values={{ email: <strong>{profile.email}</strong> }} />
      </Text>
      {message === 'changed' && (
        <SavedNotice>
          <FormattedMessage id="account.email.changed" />
        </SavedNotice>
      )}
      {message === 'failed' && (
        <FailedNotice>
          <FormattedMessage id="account.error.generic" />
        </FailedNotice>
      )}
      {message === 'wait' && (
        <FailedNotice>
          <FormattedMessage id="account.email.wait" />
        </FailedNotice>
      )}
      {sentTo === null ? (
        <form ref={attachForm} onSubmit={onRequest} noValidate aria-labelledby="email-heading">
          <Stack gap="sm">
            <Input label={<FormattedMessage id="account.email.new" />} type="email" autoComplete="email" required {...form.field('email')} />
            <Group>
              <Button type="submit" variant="outline" loading={start.isPending}>
                <FormattedMessage id="account.email.sendCode" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form ref={attachForm} onSubmit={onConfirm} noValidate aria-labelledby="email-heading">
          <Stack gap="sm">
            <SavedNotice>
              <FormattedMessage id="account.email.codeSent" values={{ email: sentTo }} />
            </SavedNotice>
            <Input label={<FormattedMessage id="account.email.code" />} inputMode="numeric" autoComplete="one-time-code" required {...form.field('code')} />
            <Group>
              <Button type="submit" loading={confirm.isPending}>
                <FormattedMessage id="account.email.confirm" />
              </Button>
              <Button variant="ghost" onClick={() => setSentTo(null)}>
                <FormattedMessage id="account.email.cancel" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { API_ERRORS, EmailOnlySchema } from '@portal/shared/schemas/auth';
import { Anchor, Button, NOTICE_LINK, PageIntro, Stack, Text } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { forgotPassword } from '../features/auth/api/auth-calls';
import { failureOf } from '../lib/failure';
import { FormAlert } from '../features/auth/components/form-alert';
import { useForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';
import { CONTACT_EMAIL } from '../features/auth/lib/contact';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const locale = useLocale();
  const form = useForm({ email: '' });
  const { attachForm } = form;
  const [state, setState] = useState<'idle' | 'sent' | 'failed'>('idle');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState('idle');
    const input = form.validate(EmailOnlySchema);
    if (!input) return;
    setBusy(true);
    try {
      await forgotPassword({ email: input.email });
      setState('sent');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setState('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro titleId="title.forgot_password" introId="auth.forgotPassword.intro" />
      {state === 'sent' && (
        <FormAlert tone="success" title={<FormattedMessage id="auth.forgotPassword.sentTitle" />} testId="forgot-status">
          <FormattedMessage id="auth.forgotPassword.sent" values={{ email: form.values.email.trim() }} />
        </FormAlert>
      )}
      {state === 'failed' && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.forgotPassword.failed" />} testId="forgot-status">
          <Anchor href={`mailto:${CONTACT_EMAIL}`} {...NOTICE_LINK}>
            <FormattedMessage id="auth.contactUs" />
          </Anchor>
        </FormAlert>
      )}
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <Input label={<FormattedMessage id="auth.field.email" />} type="email" autoComplete="email" required {...form.field('email')} />
          <Button type="submit" loading={busy} fullWidth>
            <FormattedMessage id="auth.forgotPassword.submit" />
          </Button>
          <Text variant="subtext">
            <Anchor component={Link} to={`/${locale}/auth/login`}>
              <FormattedMessage id="auth.verify.backToLogin" />
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { API_ERRORS, AUTH_ERRORS, ResetPasswordSchema } from '@portal/shared/schemas/auth';
import { Anchor, Button, NOTICE_LINK, PageIntro, Stack } from '@portal/shared/ui';
import { NewPasswordFields } from '@portal/shared/ui/forms';
import { resetPassword } from '../features/auth/api/auth-calls';
import { failureOf } from '../lib/failure';
import { FormAlert } from '../features/auth/components/form-alert';
import { useForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';

/** Chooses a new password with the single-use token of the reset link. */
export default function ResetPasswordPage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ password: '', password_confirmation: '' });
  const { attachForm } = form;
  const [failure, setFailure] = useState<'link' | 'other' | null>(token ? null : 'link');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(ResetPasswordSchema, { ...form.values, token });
    if (!input) return;
    setFailure(null);
    setBusy(true);
    try {
      await resetPassword(input);
      navigate(`/${locale}/auth/login?notice=reset`, { replace: true });
    } catch (error) {
      const f = failureOf(error);
      if (f.code === API_ERRORS.VALIDATION_FAILED && f.errors.some((e) => e.path !== 'token')) form.showErrors(f.errors);
      else setFailure(f.code === AUTH_ERRORS.RESET_TOKEN_INVALID || f.code === AUTH_ERRORS.RESET_TOKEN_EXPIRED || f.code === API_ERRORS.VALIDATION_FAILED ? 'link' : 'other');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro titleId="title.reset_password" introId="auth.resetPassword.intro" />
      {failure && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.resetPassword.failed" />} testId="reset-error">
          {failure === 'link' && (
            <>
              <FormattedMessage id="auth.resetPassword.linkInvalid" />{' '}
              <Anchor component={Link} to={`/${locale}/auth/forgot-password`} {...NOTICE_LINK}>
                <FormattedMessage id="auth.resetPassword.newLink" />
              </Anchor>
            </>
          )}
          {failure === 'other' && <FormattedMessage id="error.default.description" />}
        </FormAlert>
      )}
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <NewPasswordFields
            form={form}
            messages={{ password: 'auth.field.newPassword', hint: 'auth.field.passwordHint', confirmation: 'auth.field.passwordConfirmation', showPassword: 'auth.field.showPassword' }}
          />
          <Button type="submit" loading={busy} fullWidth>
            <FormattedMessage id="auth.resetPassword.submit" />
          </Button>
        </Stack>
      </form>
    </>
  );
}

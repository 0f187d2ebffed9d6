import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { portalTokenClient } from '@portal/shared/api';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { AUTH_ERRORS, LoginSchema } from '@portal/shared/schemas/auth';
import { sessionStore } from '@portal/shared/session';
import { Anchor, Button, closeDialog, Group, openDialog, PageIntro, Stack, Text } from '@portal/shared/ui';
import { Input, PasswordInput } from '@portal/shared/ui/forms';
import { resendCode } from '../features/auth/api/auth-calls';
import { failureOf } from '../lib/failure';
import { FormAlert } from '../features/auth/components/form-alert';
import { useForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';
import { safeRedirect } from '../features/auth/lib/redirect';

// The second factor's start (and valibot with it) loads when the form is sent, not with the page.
const loadTwoFactor = () => import('../features/auth/lib/two-factor-start');

type Problem = 'credentials' | 'rateLimited' | 'disabled' | 'unverified' | 'other' | null;

/** Sign in with email address and password; a second factor continues on the verification screen. */
export default function LoginPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const notice = params.get('notice');
  const form = useForm({ email: params.get('email') ?? '', password: '' });
  const { attachForm } = form;
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);

  function askToVerify(email: string) {
    const triggerId = 'auth-verify-email';
    const go = async () => {
      await resendCode({ purpose: 'email_verification', email }).catch(() => undefined);
      closeDialog(triggerId);
      navigate(`/${locale}/auth/verify?${new URLSearchParams({ purpose: 'email', email, ...(redirect ? { redirect } : {}) })}`);
    };
    // Dialog content renders in the shell's host, outside this remote's messages: pass texts.
    openDialog({
      triggerId,
      title: intl.formatMessage({ id: 'auth.verifyDialog.title' }),
      children: (
        <Stack gap="md">
          <p>{intl.formatMessage({ id: 'auth.verifyDialog.body' }, { email })}</p>
          <Group justify="flex-end">
            <Button variant="outline" onClick={() => closeDialog(triggerId)}>
              {intl.formatMessage({ id: 'auth.verifyDialog.later' })}
            </Button>
            <Button onClick={() => void go()}>{intl.formatMessage({ id: 'auth.verifyDialog.send' })}</Button>
          </Group>
        </Stack>
      ),
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const input = form.validate(LoginSchema);
    if (!input) return;
    setBusy(true);
    // Fetched beside the sign-in request, so that a second factor waits for no extra round trip.
    const twoFactor = loadTwoFactor();
    twoFactor.catch(() => undefined);
    try {
      const tokens = await portalTokenClient().password({ username: input.email, password: input.password });
      sessionStore.getState().setTokens(tokens);
      navigate(safeRedirect(redirect, locale), { replace: true });
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === AUTH_ERRORS.TWO_FACTOR_REQUIRED) {
        const started = await twoFactor.then((m) => m.startTwoFactor(input.email, failure.body)).catch(() => false);
        if (started) {
          navigate(`/${locale}/auth/verify?${new URLSearchParams({ purpose: 'login', ...(redirect ? { redirect } : {}) })}`);
          return;
        }
        setProblem('other');
      } else if (failure.code === AUTH_ERRORS.INVALID_CREDENTIALS) {
        setProblem('credentials');
        form.showErrors([{ path: 'password', message: 'auth.login.incorrect' }]);
      } else if (failure.code === AUTH_ERRORS.EMAIL_NOT_VERIFIED) {
        setProblem('unverified');
        askToVerify(input.email);
      } else if (failure.status === 429) setProblem('rateLimited');
      else if (failure.code === AUTH_ERRORS.ACCOUNT_DISABLED) setProblem('disabled');
      else if (failure.errors.length) form.showErrors(failure.errors.map((e) => ({ ...e, path: e.path === 'username' ? 'email' : e.path })));
      else setProblem('other');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro titleId="title.login" introId="auth.login.intro" />
      {notice === 'verified' && <FormAlert tone="success" title={<FormattedMessage id="auth.notice.verified" />} testId="notice" />}
      {notice === 'reset' && <FormAlert tone="success" title={<FormattedMessage id="auth.notice.passwordReset" />} testId="notice" />}
      {problem === 'credentials' && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.login.invalidCredentials" />} testId="login-error">
          <FormattedMessage id="auth.login.checkCredentials" />
        </FormAlert>
      )}
      {problem === 'rateLimited' && <FormAlert tone="error" title={<FormattedMessage id="auth.error.rateLimited" />} testId="login-error" />}
      {problem === 'disabled' && <FormAlert tone="error" title={<FormattedMessage id="auth.login.disabled" />} testId="login-error" />}
      {problem === 'unverified' && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.verifyDialog.title" />} testId="login-error">
          <FormattedMessage id="auth.login.unverified" />
        </FormAlert>
      )}
      {problem === 'other' && (
        <FormAlert tone="error" title={<FormattedMessage id="error.default.title" />} testId="login-error">
          <FormattedMessage id="error.default.description" />
        </FormAlert>
      )}
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <Input label={<FormattedMessage id="auth.field.email" />} type="email" autoComplete="username" required {...form.field('email')} />
          <PasswordInput
            label={<FormattedMessage id="auth.field.password" />}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage({ id: 'auth.field.showPassword' }) }}
            {...form.field('password')}
          />
          <Button type="submit" loading={busy} fullWidth>
            <FormattedMessage id="auth.login.submit" />
          </Button>
          <Text variant="subtext">
            <Anchor component={Link} to={`/${locale}/auth/forgot-password`}>
              <FormattedMessage id="auth.login.forgot" />
            </Anchor>
          </Text>
          <Text variant="subtext">
            <FormattedMessage id="auth.login.noAccount" />{' '}
            <Anchor component={Link} to={`/${locale}/auth/register`}>
              <FormattedMessage id="auth.login.register" />
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { portalTokenClient } from '@portal/shared/api';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import * as v from 'valibot';
import { API_ERRORS, AUTH_ERRORS, VerificationCodeSchema, type CodeChannel } from '@portal/shared/schemas/auth';
import { sessionStore } from '@portal/shared/session';
import { Anchor, Box, Button, NOTICE_LINK, PageIntro, Stack, Text } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { resendCode, verifyEmail } from '../features/auth/api/auth-calls';
import { failureOf } from '../lib/failure';
import { FormAlert } from '../features/auth/components/form-alert';
import { useCooldown } from '../features/auth/hooks/use-cooldown';
import { useForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';
import { clearPendingSignIn, loadPendingSignIn, savePendingSignIn } from '../features/auth/lib/pending-sign-in';
import { safeRedirect } from '../features/auth/lib/redirect';

const CodeOnlySchema = v.object({ code: VerificationCodeSchema.entries.code });
/** Cooldown shown before the first resend of an email-verification code (the server enforces its own). */
const EMAIL_RESEND_SECONDS = 60;

/**
 * The code sent by email or SMS: the second step of a two-factor sign-in (`?purpose=login`) or the
 * verification of a new account's email address (`?purpose=email&email=…`, also the mail's link).
 */
export default function VerifyPage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const purpose = params.get('purpose') === 'email' ? 'email' : 'login';
  const redirect = params.get('redirect');
  const [pending, setPending] = useState(() => (purpose === 'login' ? loadPendingSignIn() : null));
  const email = purpose === 'email' ? (params.get('email') ?? '') : (pending?.email ?? '');
  const form = useForm({ code: params.get('code') ?? '' });
  const { attachForm } = form;
  const [failed, setFailed] = useState(false);
  const [resendState, setResendState] = useState<'idle' | 'sent' | 'failed' | 'smsUnavailable'>('idle');
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(() => pending?.resendAt ?? Date.now() + (Number(params.get('wait')) || EMAIL_RESEND_SECONDS) * 1000);
  const [channel, setChannel] = useState<CodeChannel>(pending?.channel ?? 'email');
  const wait = useCooldown(resendAt);

  if (purpose === 'login' && !pending) {
    return (
      <>
        <PageIntro titleId="title.verify" introId="auth.verify.intro" />
        <FormAlert tone="error" title={<FormattedMessage id="auth.verify.expiredSignIn" />} testId="verify-error">
          <Anchor component={Link} to={`/${locale}/auth/login${redirect ? `?${new URLSearchParams({ redirect })}` : ''}`} {...NOTICE_LINK}>
            <FormattedMessage id="auth.verify.backToLogin" />
          </Anchor>
        </FormAlert>
      </>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const input = form.validate(CodeOnlySchema);
    if (!input) return;
    setBusy(true);
    try {
      if (purpose === 'login') {
        const tokens = await portalTokenClient().code({ username: email, code: input.code });
        sessionStore.getState().setTokens(tokens);
        clearPendingSignIn();
        navigate(safeRedirect(redirect, locale), { replace: true });
      } else {
        await verifyEmail({ email, code: input.code });
        navigate(`/${locale}/auth/login?${new URLSearchParams({ notice: 'verified', email, ...(redirect ? { redirect } : {}) })}`, { replace: true });
      }
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.some((e) => e.path === 'code')) form.showErrors(failure.errors.filter((e) => e.path === 'code'));
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    setResendState('idle');
    try {
      const result =
        purpose === 'login' && pending
          ? await resendCode({ purpose: 'login', challenge: pending.challenge, channel })
          : await resendCode({ purpose: 'email_verification', email });
      const next = Date.now() + result.resend_after_seconds * 1000;
      setResendAt(next);
      if (pending) {
        const updated = { ...pending, channel, resendAt: next };
        savePendingSignIn(updated);
        setPending(updated);
      }
      setFailed(false);
      form.clearErrors();
      form.setValue('code', '');
      setResendState('sent');
    } catch (error) {
      const failure = failureOf(error);
      // The portal sends no SMS (no provider configured, or no phone number): say so and offer email only.
      if (failure.code === AUTH_ERRORS.CHANNEL_UNAVAILABLE && pending) {
        const updated = { ...pending, channel: 'email' as const, channels: pending.channels.filter((c) => c.channel !== 'sms') };
        savePendingSignIn(updated);
        setPending(updated);
        setChannel('email');
        setResendState('smsUnavailable');
        return;
      }
      // Too early: the server keeps its own cooldown; wait a little before offering it again.
      if (failure.status === 429) setResendAt(Date.now() + 30_000);
      setResendState('failed');
    }
  }

  const destination = pending?.channels.find((c) => c.channel === channel)?.destination ?? email;

  return (
    <>
      <PageIntro titleId="title.verify" introId="auth.verify.intro" />
      <Box mb="md" data-testid="verify-destination">
        <Text>
          <FormattedMessage id={channel === 'sms' ? 'auth.verify.sentSms' : 'auth.verify.sentEmail'} values={{ destination }} />
        </Text>
      </Box>
      {failed && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.verify.failed" />} testId="verify-error">
          <FormattedMessage id="auth.verify.failedHint" />
        </FormAlert>
      )}
      {resendState === 'sent' && <FormAlert tone="success" title={<FormattedMessage id="auth.verify.resent" />} testId="resend-status" />}
      {resendState === 'failed' && <FormAlert tone="error" title={<FormattedMessage id="auth.verify.resendFailed" />} testId="resend-status" />}
      {resendState === 'smsUnavailable' && <FormAlert tone="error" title={<FormattedMessage id="auth.verify.smsUnavailable" />} testId="resend-status" />}
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <Input
            label={<FormattedMessage id="auth.field.code" />}
            description={<FormattedMessage id="auth.field.codeHint" />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
            {...form.field('code')}
          />
          <Button type="submit" loading={busy} fullWidth>
            <FormattedMessage id={purpose === 'login' ? 'auth.verify.submitLogin' : 'auth.verify.submitEmail'} />
          </Button>
        </Stack>
      </form>
      <Stack gap="sm" mt="xl" maw={420}>
        {pending && pending.channels.length > 1 && (
          <Radio.Group
            label={<FormattedMessage id="auth.verify.channel" />}
            value={channel}
            onChange={(value) => setChannel(value as CodeChannel)}
          >
            <Stack gap="xs" mt="xs">
              {pending.channels.map((c) => (
                <Radio
                  key={c.channel}
                  value={c.channel}
                  label={<FormattedMessage id={c.channel === 'sms' ? 'auth.verify.channelSms' : 'auth.verify.channelEmail'} values={{ destination: c.destination }} />}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Button variant="outline" onClick={() => void onResend()} disabled={wait > 0} aria-describedby="resend-cooldown">
          <FormattedMessage id="auth.verify.resend" />
        </Button>
        <Box data-testid="resend-cooldown">
          <Text variant="subtext" id="resend-cooldown">
            {wait > 0 ? <FormattedMessage id="auth.verify.cooldown" values={{ seconds: wait }} /> : <FormattedMessage id="auth.verify.canResend" />}
          </Text>
        </Box>
      </Stack>
    </>
  );
}

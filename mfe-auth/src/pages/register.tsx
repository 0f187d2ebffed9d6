import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, Button, Group, NOTICE_LINK, PageIntro, Stack, Text, Title } from '@portal/shared/ui';
import { FormAlert } from '../features/auth/components/form-alert';
import { StepList } from '../features/auth/components/step-list';
import { CONTACT_EMAIL } from '../features/auth/lib/contact';
import { AccountStep } from '../features/register/components/account-step';
import { AddressStep } from '../features/register/components/address-step';
import { OrganisationStep } from '../features/register/components/organisation-step';
import { useRegistration } from '../features/register/hooks/use-registration';
import { STEPS } from '../features/register/lib/registration-steps';

/** Registration in three steps: a contract request or a web-shop account. */
export default function RegisterPage() {
  const intl = useIntl();
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, step, goTo, onSubmit, failed, busy } = useRegistration(() => headingRef.current?.focus());
  const { attachForm } = form;
  const t = (id: string) => intl.formatMessage({ id });
  const last = step === STEPS.length - 1;
  return (
    <>
      <PageIntro titleId="title.register" introId="auth.register.intro" />
      {failed && (
        <FormAlert tone="error" title={<FormattedMessage id="auth.register.failed" />} testId="register-error">
          <Anchor href={`mailto:${CONTACT_EMAIL}`} {...NOTICE_LINK}>
            <FormattedMessage id="auth.register.contact" />
          </Anchor>
        </FormAlert>
      )}
      <StepList steps={STEPS.map((s) => t(s.titleId))} current={step} label={t('auth.register.steps')} />
      <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby="register-step-heading">
        <Stack gap="md" maw={560}>
          <Title order={2} size="h3" id="register-step-heading" ref={headingRef} tabIndex={-1} data-testid="step-heading">
            <FormattedMessage id="auth.register.stepOf" values={{ step: step + 1, total: STEPS.length, title: t(STEPS[step]!.titleId) }} />
          </Title>
          {step === 0 && <AccountStep form={form} />}
          {step === 1 && <AddressStep form={form} />}
          {step === 2 && <OrganisationStep form={form} />}
          <Group justify="space-between" mt="md">
            {step > 0 ? (
              <Button variant="outline" onClick={() => goTo(step - 1)}>
                <FormattedMessage id="auth.register.previous" />
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy}>
              <FormattedMessage id={!last ? 'auth.register.next' : form.values.kind === 'contract_request' ? 'auth.register.submitContract' : 'auth.register.submitWebshop'} />
            </Button>
          </Group>
          <Text variant="subtext">
            <FormattedMessage id="auth.register.haveAccount" />{' '}
            <Anchor component={Link} to={`/${locale}/auth/login`}>
              <FormattedMessage id="auth.login.submit" />
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}

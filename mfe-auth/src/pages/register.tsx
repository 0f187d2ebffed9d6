import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import * as v from 'valibot';
import {
  AddressInputSchema,
  API_ERRORS,
  COUNTRY_CODES,
  MESSAGE_KEYS,
  ORGANISATION_TYPES,
  PASSWORD_MIN_LENGTH,
  RegisterRequestSchema,
  RegistrationAccountStepSchema,
  RegistrationOrganisationStepSchema,
  toFieldErrors,
  type FieldError,
  type RegistrationKind,
} from '@portal/shared/schemas';
import { Anchor, Button, NOTICE_LINK, Group, PageIntro, Stack, Text, Title } from '@portal/shared/ui';
import { Checkbox, NativeSelect, Radio } from '@portal/shared/ui/choice';
import { Input, PasswordInput } from '@portal/shared/ui/forms';
import { register } from '../features/auth/api/auth-calls';
import { failureOf } from '../features/auth/api/failure';
import { FormAlert } from '../features/auth/components/form-alert';
import { StepList } from '../features/auth/components/step-list';
import { useForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import { CONTACT_EMAIL } from '../features/auth/lib/contact';

/** Belgian formats as examples (spec section 5). */
const PHONE_PLACEHOLDER = '+32 470 12 34 56';
const VAT_PLACEHOLDER = 'BE0123.456.789';

const AccountStepSchema = v.pipe(
  RegistrationAccountStepSchema,
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, MESSAGE_KEYS.passwordMismatch),
    ['password_confirmation'],
  ),
);
const AddressStepSchema = v.object({ address: AddressInputSchema });
const STEPS = [
  { titleId: 'auth.register.step.account', schema: AccountStepSchema },
  { titleId: 'auth.register.step.address', schema: AddressStepSchema },
  { titleId: 'auth.register.step.organisation', schema: RegistrationOrganisationStepSchema },
] as const;

/** The step a field of the whole form belongs to. */
function stepOf(path: string): number {
  if (path.startsWith('address.') || path === 'address') return 1;
  return path in RegistrationAccountStepSchema.entries ? 0 : 2;
}

const initialValues = (kind: RegistrationKind) => ({
  kind: kind as string,
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  address: { label: '', type: 'billing', street: '', nr: '', box: '', postal_code: '', city: '', country: 'BE', email: '', phone: '' },
  organisation_name: '',
  organisation_type: '',
  vat_number: '',
  newsletter: false,
  terms: false,
});

/** Whether anything was typed or ticked (the kind of registration alone is not input worth keeping). */
function hasInput(values: Record<string, unknown>, initial: Record<string, unknown>): boolean {
  return JSON.stringify({ ...values, kind: null }) !== JSON.stringify({ ...initial, kind: null });
}

/** Registration in three steps: a contract request or a web-shop account. */
export default function RegisterPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialValues(params.get('type') === 'contract' ? 'contract_request' : 'webshop'));
  const form = useForm(initial);
  const { attachForm } = form;
  // Where to go once registered. Navigating from an effect lets the guard below stand down first.
  const [registeredTo, setRegisteredTo] = useState<string | null>(null);
  // A half-filled registration is three steps of typing: leaving asks first (spec section 2).
  useUnsavedChangesGuard(registeredTo === null && hasInput(form.values, initial));
  useEffect(() => {
    if (registeredTo) navigate(registeredTo);
  }, [navigate, registeredTo]);
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = (id: string) => intl.formatMessage({ id });

  function goTo(next: number) {
    setStep(next);
    // Keyboard and screen-reader users continue at the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function showServerErrors(errors: FieldError[]) {
    const first = Math.min(...errors.map((e) => stepOf(e.path)));
    setStep(first);
    form.showErrors(errors);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    if (!form.validate(STEPS[step]!.schema)) return;
    if (step < STEPS.length - 1) return goTo(step + 1);
    const parsed = v.safeParse(RegisterRequestSchema, { ...form.values, locale });
    if (!parsed.success) {
      // Only reachable if an earlier step changed in between: show where.
      return showServerErrors(toFieldErrors(parsed.issues));
    }
    setBusy(true);
    try {
      const result = await register(parsed.output);
      setRegisteredTo(`/${locale}/auth/verify?${new URLSearchParams({ purpose: 'email', email: parsed.output.email, wait: String(result.resend_after_seconds) })}`);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) showServerErrors(failure.errors);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const toggle = { 'aria-label': t('auth.field.showPassword') };
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

          {step === 0 && (
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
              <PasswordInput
                label={<FormattedMessage id="auth.field.password" />}
                description={<FormattedMessage id="auth.field.passwordHint" values={{ count: PASSWORD_MIN_LENGTH }} />}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={toggle}
                {...form.field('password')}
              />
              <PasswordInput
                label={<FormattedMessage id="auth.field.passwordConfirmation" />}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={toggle}
                {...form.field('password_confirmation')}
              />
            </>
          )}

          {step === 1 && (
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
          )}

          {step === 2 && (
            <>
              <Input label={<FormattedMessage id="auth.field.organisationName" />} autoComplete="organization" required {...form.field('organisation_name')} />
              <Radio.Group
                label={<FormattedMessage id="auth.field.organisationType" />}
                required
                value={form.values.organisation_type}
                onChange={(value) => form.setValue('organisation_type', value)}
                error={form.field('organisation_type').error}
              >
                <Stack gap="xs" mt="xs">
                  {ORGANISATION_TYPES.map((type) => (
                    <Radio key={type} value={type} label={t(`auth.organisationType.${type}`)} aria-invalid={Boolean(form.errors.organisation_type) || undefined} />
                  ))}
                </Stack>
              </Radio.Group>
              <Input label={<FormattedMessage id="auth.field.vatNumber" />} placeholder={VAT_PLACEHOLDER} required {...form.field('vat_number')} />
              <Checkbox label={<FormattedMessage id="auth.field.newsletter" />} {...form.checkbox('newsletter')} />
              <Checkbox
                label={
                  <FormattedMessage
                    id="auth.field.terms"
                    values={{
                      link: (chunks) => (
                        <Anchor component={Link} to={`/${locale}/terms-and-conditions`} target="_blank">
                          {chunks}
                        </Anchor>
                      ),
                    }}
                  />
                }
                required
                {...form.checkbox('terms')}
              />
            </>
          )}

          <Group justify="space-between" mt="md">
            {step > 0 ? (
              <Button variant="outline" onClick={() => goTo(step - 1)}>
                <FormattedMessage id="auth.register.previous" />
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy}>
              <FormattedMessage id={step < STEPS.length - 1 ? 'auth.register.next' : form.values.kind === 'contract_request' ? 'auth.register.submitContract' : 'auth.register.submitWebshop'} />
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

// Inviting a colleague: they receive a mail in the chosen language with a link to set a password.
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import { useNavigate } from '@portal/shared/router';
import { ACCOUNT_ERRORS, API_ERRORS, MEMBERSHIP_ROLES } from '@portal/shared/schemas/account';
import { InviteUserSchema } from '@portal/shared/schemas/phone-forms';
import { Button, Group, Stack } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { isDirty } from '../../../lib/dirty';
import { failureOf } from '../../../lib/failure';
import { MAIL_LANGUAGE_CHOICES } from '../../../lib/mail-languages';
import { PHONE_PLACEHOLDER } from '../../../lib/phone';
import { FailedNotice } from '../../../lib/saved-notice';
import { useInviteUser } from '../api/invite-user';
import { AdminsOnly } from '../../../lib/admins-only';

export function InviteUserForm() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const [initial] = useState(() => ({ first_name: '', last_name: '', email: '', phone: '', function: '', role: 'buyer', locale: locale === 'xx' ? 'en' : locale }));
  const form = useForm(initial);
  const { attachForm } = form;
  const invite = useInviteUser();
  const [state, setState] = useState<'failed' | 'refused' | null>(null);
  // Where to go once invited: navigating from an effect lets the guard stand down first.
  const [doneTo, setDoneTo] = useState<string | null>(null);
  useUnsavedChangesGuard(doneTo === null && isDirty(form.values, initial));
  useEffect(() => {
    if (doneTo) navigate(doneTo);
  }, [doneTo, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    const input = form.validate(InviteUserSchema);
    if (!input) return;
    try {
      const user = await invite.mutateAsync(input);
      setDoneTo(`/${locale}/user/users/${user.id}?invited=1`);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === ACCOUNT_ERRORS.ADMINS_ONLY) setState('refused');
      else if (failure.errors.length && (failure.code === API_ERRORS.VALIDATION_FAILED || failure.code === ACCOUNT_ERRORS.EMAIL_TAKEN)) form.showErrors(failure.errors);
      else setState('failed');
    }
  }

  if (state === 'refused') return <AdminsOnly />;
  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-label={t('title.user_new')}>
      <Stack gap="md" maw={560}>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.firstName" />} required {...form.field('first_name')} />
          <Input label={<FormattedMessage id="account.field.lastName" />} required {...form.field('last_name')} />
        </Group>
        <Input label={<FormattedMessage id="account.field.email" />} type="email" required {...form.field('email')} />
        <Input label={<FormattedMessage id="account.field.phone" />} type="tel" placeholder={PHONE_PLACEHOLDER} {...form.field('phone')} />
        <Input label={<FormattedMessage id="account.field.function" />} {...form.field('function')} />
        <NativeSelect label={<FormattedMessage id="account.users.role" />} data={MEMBERSHIP_ROLES.map((r) => ({ value: r, label: t(`account.role.${r}`) }))} {...form.field('role')} />
        <NativeSelect
          label={<FormattedMessage id="account.users.mailLanguage" />}
          data={MAIL_LANGUAGE_CHOICES}
          {...form.field('locale')}
        />
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            <FormattedMessage id="account.users.sendInvitation" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Personal information: first and last name, phone (Belgian placeholder, libphonenumber through the
// shared schema) and function. The email address has its own, verified, flow beside it.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useUnsavedChangesGuard } from '@portal/shared/navigation';
import { API_ERRORS, type Profile } from '@portal/shared/schemas/account';
import { ProfileInputSchema } from '@portal/shared/schemas/phone-forms';
import { Button, Group, Stack, Title } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { isDirty } from '../../../lib/dirty';
import { failureOf } from '../../../lib/failure';
import { MAIL_LANGUAGE_CHOICES } from '../../../lib/mail-languages';
import { PHONE_PLACEHOLDER } from '../../../lib/phone';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (p: Profile) => ({ first_name: p.first_name, last_name: p.last_name, phone: p.phone ?? '', function: p.function ?? '', locale: p.locale as string });

export function PersonalInfoForm({ profile, beforeSave }: { profile: Profile; beforeSave?: () => boolean }) {
  const [initial, setInitial] = useState(() => valuesOf(profile));
  const form = useForm(initial);
  const { attachForm } = form;
  const save = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  useUnsavedChangesGuard(isDirty(form.values, initial));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setFailed(false);
    if (beforeSave && !beforeSave()) return;
    const input = form.validate(ProfileInputSchema);
    if (!input) return;
    try {
      const next = await save.mutateAsync(input);
      const values = valuesOf(next);
      setInitial(values);
      for (const [key, value] of Object.entries(values)) form.setValue(key, value);
      setSaved(true);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setFailed(true);
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby="personal-info-heading">
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3" id="personal-info-heading">
          <FormattedMessage id="account.profile.heading" />
        </Title>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.field.firstName" />} autoComplete="given-name" required {...form.field('first_name')} />
          <Input label={<FormattedMessage id="account.field.lastName" />} autoComplete="family-name" required {...form.field('last_name')} />
        </Group>
        <Input label={<FormattedMessage id="account.field.phone" />} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} {...form.field('phone')} />
        <Input label={<FormattedMessage id="account.field.function" />} autoComplete="organization-title" {...form.field('function')} />
        <NativeSelect
          label={<FormattedMessage id="account.field.mailLocale" />}
          description={<FormattedMessage id="account.field.mailLocaleHint" />}
          data={MAIL_LANGUAGE_CHOICES}
          {...form.field('locale')}
        />
        {saved && (
          <SavedNotice>
            <FormattedMessage id="account.profile.saved" />
          </SavedNotice>
        )}
        {failed && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            <FormattedMessage id="account.profile.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

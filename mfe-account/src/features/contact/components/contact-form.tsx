// The contact form (spec section 3): type, message and the terms, which must be accepted. The
// message goes to the organisation's case manager; the sender gets a confirmation by mail.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { API_ERRORS, CONTACT_TYPES, ContactFormSchema } from '@portal/shared/schemas/account';
import { Anchor, Button, Group, Stack } from '@portal/shared/ui';
import { Checkbox, NativeSelect } from '@portal/shared/ui/choice';
import { Textarea } from '@portal/shared/ui/forms';
import { isDirty } from '../../../lib/dirty';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useSendContact } from '../api/send-contact';

const EMPTY = { type: '', message: '', terms: false };

export function ContactForm() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useForm(EMPTY);
  const { attachForm } = form;
  const send = useSendContact();
  const [state, setState] = useState<'sent' | 'failed' | 'limited' | null>(null);
  useUnsavedChangesGuard(isDirty(form.values, EMPTY));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    const input = form.validate(ContactFormSchema);
    if (!input) return;
    try {
      await send.mutateAsync(input);
      for (const [key, value] of Object.entries(EMPTY)) form.setValue(key, value);
      setState('sent');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setState(failure.code === API_ERRORS.RATE_LIMITED ? 'limited' : 'failed');
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-heading">
      <Stack gap="md" maw={640}>
        <h2 id="contact-form-heading" style={{ margin: 0 }}>
          <FormattedMessage id="account.contact.heading" />
        </h2>
        <NativeSelect
          label={<FormattedMessage id="account.contact.type" />}
          required
          data={[{ value: '', label: t('account.contact.choose') }, ...CONTACT_TYPES.map((type) => ({ value: type, label: t(`account.contact.type.${type}`) }))]}
          {...form.field('type')}
        />
        <Textarea
          label={<FormattedMessage id="account.contact.message" />}
          required
          autosize
          minRows={5}
          {...form.field('message')}
          onChange={(e) => form.setValue('message', e.currentTarget.value)}
        />
        <Checkbox
          label={
            <FormattedMessage
              id="account.contact.terms"
              values={{
                link: (chunks) => (
                  <Anchor component={Link} to={`/${locale}/terms-and-conditions`} target="_blank">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          }
          {...form.checkbox('terms')}
        />
        {state === 'sent' && (
          <SavedNotice>
            <FormattedMessage id="account.contact.sent" />
          </SavedNotice>
        )}
        {state === 'limited' && (
          <FailedNotice>
            <FormattedMessage id="account.contact.limited" />
          </FailedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={send.isPending}>
            <FormattedMessage id="account.contact.send" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

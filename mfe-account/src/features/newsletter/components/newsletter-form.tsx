// Newsletter sign-up with double opt-in: the API mails a confirmation link; nothing more is sent
// until it is followed. Usable by visitors (it calls the API without a token).
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';
import { API_ERRORS, EmailOnlySchema } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useNewsletterSignUp } from '../api/sign-up';

/** `standalone`: the page of its own (`/newsletter`) gives the heading and intro; the form does not repeat them. */
export function NewsletterForm({ standalone = false }: { standalone?: boolean }) {
  const locale = useLocale();
  const form = useForm({ email: '' });
  const { attachForm } = form;
  const signUp = useNewsletterSignUp();
  const [state, setState] = useState<'sent' | 'failed' | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    const input = form.validate(EmailOnlySchema);
    if (!input) return;
    try {
      await signUp.mutateAsync({ email: input.email, locale: locale as 'en' | 'nl' | 'fr' | 'xx' });
      setState('sent');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setState('failed');
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-labelledby={standalone ? undefined : 'newsletter-heading'}>
      <Stack gap="sm" maw={640}>
        {!standalone && (
          <>
            <h2 id="newsletter-heading" style={{ margin: 0 }}>
              <FormattedMessage id="account.newsletter.heading" />
            </h2>
            <Text>
              <FormattedMessage id="account.newsletter.intro" />
            </Text>
          </>
        )}
        <Input label={<FormattedMessage id="account.newsletter.email" />} type="email" autoComplete="email" required {...form.field('email')} />
        {state === 'sent' && (
          <SavedNotice>
            <FormattedMessage id="account.newsletter.sent" />
          </SavedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.newsletter.failed" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" variant="outline" loading={signUp.isPending}>
            <FormattedMessage id="account.newsletter.subscribe" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

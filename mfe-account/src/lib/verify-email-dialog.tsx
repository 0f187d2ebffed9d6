// The "verify email address" dialog of spec section 2: an unverified user who tries to proceed is
// asked to verify first, with a way to the verification page (a new code is sent from there).
import type { IntlShape } from 'react-intl';
import { ButtonLink, Group, Stack, Text, isDialogActive, openDialog } from '@portal/shared/ui';

const TRIGGER_ID = 'account-verify-email';

export function openVerifyEmailDialog(intl: IntlShape, locale: string, email: string) {
  if (isDialogActive(TRIGGER_ID)) return;
  const query = new URLSearchParams({ purpose: 'email', email });
  openDialog({
    triggerId: TRIGGER_ID,
    title: intl.formatMessage({ id: 'account.verifyEmail.title' }),
    children: (
      <Stack>
        <Text>{intl.formatMessage({ id: 'account.verifyEmail.message' }, { email })}</Text>
        <Group justify="flex-end">
          <ButtonLink component="a" href={`/${locale}/auth/verify?${query}`}>
            {intl.formatMessage({ id: 'account.verifyEmail.action' })}
          </ButtonLink>
        </Group>
      </Stack>
    ),
  });
}

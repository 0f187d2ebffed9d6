// An administrator closes a user's account (issue 44, decision 063), after a confirmation (the
// shared dialog keeps the focus inside, starts on Cancel and gives it back to the button). The
// API keeps the last active administrator (409 ACCOUNT_LAST_ADMIN) and, for a person who belongs
// to another organisation too, only removes them from this one.
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCOUNT_ERRORS, type ManagedUser, type UserClosure } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text, Title } from '@portal/shared/ui';
import { confirmFromButton } from '../../../lib/confirm';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useCloseUser } from '../api/close-user';

export function CloseUserAccount({ user }: { user: ManagedUser }) {
  const intl = useIntl();
  const name = `${user.first_name} ${user.last_name}`;
  const t = (id: string) => intl.formatMessage({ id }, { name });
  const close = useCloseUser(user.id);
  const button = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<UserClosure['result'] | 'lastAdmin' | 'failed' | null>(null);

  async function onClose() {
    setState(null);
    const yes = await confirmFromButton(
      {
        title: t('account.users.close.confirmTitle'),
        message: t('account.users.close.confirmMessage'),
        confirmLabel: t('account.users.close.confirm'),
        cancelLabel: t('account.users.close.cancel'),
        destructive: true,
      },
      button,
    );
    if (!yes) return;
    try {
      setState((await close.mutateAsync()).result);
    } catch (error) {
      setState(failureOf(error).code === ACCOUNT_ERRORS.LAST_ADMIN ? 'lastAdmin' : 'failed');
    }
  }

  const done = state === 'closed' || state === 'removed';
  return (
    <section aria-labelledby="close-user-heading">
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3" id="close-user-heading">
          <FormattedMessage id="account.users.close.heading" />
        </Title>
        <Text>
          <FormattedMessage id="account.users.close.intro" />
        </Text>
        {done && (
          <SavedNotice>
            {state === 'closed' ? <FormattedMessage id="account.users.close.closed" values={{ name }} /> : <FormattedMessage id="account.users.close.removed" values={{ name }} />}
          </SavedNotice>
        )}
        {state === 'lastAdmin' && (
          <FailedNotice>
            <FormattedMessage id="account.lastAdmin" />
          </FailedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        {!done && (
          <Group>
            <Button ref={button} variant="destructive" loading={close.isPending} onClick={() => void onClose()}>
              <FormattedMessage id="account.users.close.action" />
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

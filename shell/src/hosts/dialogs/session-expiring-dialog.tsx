import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { sessionStore, useSession } from '@portal/shared/session';
import { Button, Group, Stack, Text, closeDialog } from '@portal/shared/ui';
import { minutesLeft } from '../../platform/session-timing';

/** Body of the session-expiring dialog: the minutes left, live, and continue or log out. */
export function SessionExpiringDialog({ triggerId }: { triggerId: string }) {
  const expiresAt = useSession((s) => s.tokens?.expires_at ?? 0);
  const [now, setNow] = useState(Date.now);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack>
      <Text data-testid="session-minutes">
        <FormattedMessage id="session.expiring.body" values={{ minutes: minutesLeft(expiresAt, now) }} />
      </Text>
      <Group justify="flex-end">
        <Button
          variant="outline"
          onClick={() => {
            closeDialog(triggerId);
            sessionStore.getState().signOut();
          }}
        >
          <FormattedMessage id="session.expiring.logout" />
        </Button>
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            // A fresh token re-schedules the session watch, which closes this dialog.
            void sessionStore
              .getState()
              .refreshNow()
              .catch(() => undefined)
              .finally(() => closeDialog(triggerId));
          }}
        >
          <FormattedMessage id="session.expiring.continue" />
        </Button>
      </Group>
    </Stack>
  );
}

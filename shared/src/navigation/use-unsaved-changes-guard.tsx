import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from '../router';
import { Button, Group, Stack, Text, openDialog, closeDialog } from '../ui';

// Each blocked navigation opens its own dialog: a closed dialog keeps its trigger id for 500 ms
// (spec section 4) and opening one with an id in use fails, so a second click within that time
// would leave the navigation blocked with no dialog to answer.
let opened = 0;

/**
 * While `dirty`, leaving the page asks "All unsaved changes will be lost, are you sure?" (spec
 * section 2): in-app navigation through the dialog, closing or reloading the tab through the
 * browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const intl = useIntl();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog (its X, Escape, a click outside, or either button) runs onClose: only a
    // dialog closed without "leave" resets the blocked navigation.
    let leaving = false;
    const triggerId = `unsaved-changes-${++opened}`;
    const stay = () => closeDialog(triggerId);
    openDialog({
      triggerId,
      title: intl.formatMessage({ id: 'dialog.unsavedChanges.title' }),
      onClose: () => {
        if (!leaving) blocker.reset();
      },
      children: (
        <Stack>
          <Text>{intl.formatMessage({ id: 'dialog.unsavedChanges.message' })}</Text>
          <Group justify="flex-end">
            <Button variant="outline" onClick={stay}>
              {intl.formatMessage({ id: 'dialog.unsavedChanges.stay' })}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                leaving = true;
                blocker.proceed();
                closeDialog(triggerId);
              }}
            >
              {intl.formatMessage({ id: 'dialog.unsavedChanges.leave' })}
            </Button>
          </Group>
        </Stack>
      ),
    });
  }, [blocker, intl]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

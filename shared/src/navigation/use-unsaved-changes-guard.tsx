import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from '../router';
import { Button, Group, Stack, Text, openDialog, closeDialog } from '../ui';

const TRIGGER_ID = 'unsaved-changes';

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
    const stay = () => closeDialog(TRIGGER_ID);
    openDialog({
      triggerId: TRIGGER_ID,
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
                closeDialog(TRIGGER_ID);
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

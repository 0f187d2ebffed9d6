// Asks before a destructive or sending action (delete a quotation, send it, move an order's status:
// issue 32), in the shell's dialog host: a modal named by its title and described by its message,
// focus kept inside and returned to the button that asked, Escape or the close button cancel. The
// safe choice (cancel) has the focus first, so Enter on a stray key press does nothing harmful.
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Group, Stack } from '../mantine';
import { Text } from '../text/text';
import { closeDialog, openDialog } from './open-dialog';

/** What to ask, in the caller's words (translated by its remote). */
export interface ConfirmActionOptions {
  /** The question, also the dialog's accessible name: "Delete this quotation?". */
  title: ReactNode;
  /** What will happen. */
  message: ReactNode;
  /** The action's button: "Delete". */
  confirmLabel: ReactNode;
  /** The way out: "Cancel". */
  cancelLabel: ReactNode;
  /** A red action button (deleting); otherwise the default one (sending, moving on). */
  destructive?: boolean;
}

// Each question has its own trigger id: a closed dialog keeps its id for 500 ms (spec section 4).
let asked = 0;

/** Opens the question; resolves true when confirmed, false when cancelled or closed. */
export function confirmAction({ title, message, confirmLabel, cancelLabel, destructive = false }: ConfirmActionOptions): Promise<boolean> {
  const triggerId = `confirm-action-${++asked}`;
  return new Promise((resolve) => {
    let confirmed = false;
    openDialog({
      triggerId,
      title,
      onClose: () => resolve(confirmed),
      children: (
        <Stack>
          <Text>{message}</Text>
          <Group justify="flex-end">
            <Button variant="outline" data-autofocus onClick={() => closeDialog(triggerId)}>
              {cancelLabel}
            </Button>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              onClick={() => {
                confirmed = true;
                closeDialog(triggerId);
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

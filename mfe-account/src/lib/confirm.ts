// Asks before what cannot be undone (decision 044) with the shared dialog, and, when the answer is
// no, puts the focus back on the button that asked. The dialog means to give it back itself, but on
// the account pages it was sometimes left on the page's body (seen in the page tests under load),
// so a keyboard user who cancelled had to start again from the top.
import type { RefObject } from 'react';
import { confirmAction, type ConfirmActionOptions } from '@portal/shared/ui';

/** Resolves true when confirmed; on a cancel the focus is on `asker` again. */
export async function confirmFromButton(options: ConfirmActionOptions, asker: RefObject<HTMLButtonElement | null>): Promise<boolean> {
  const yes = await confirmAction(options);
  if (!yes) asker.current?.focus();
  return yes;
}

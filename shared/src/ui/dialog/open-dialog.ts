import { modals, type ModalSettings } from '@mantine/modals';
import type { ReactNode } from 'react';
import { areHostsMounted, whenHostsReady } from '../host-gate';

/** How long a closed dialog keeps its trigger id, in ms (spec section 4: removal delay). */
export const DIALOG_REMOVAL_DELAY = 500;

// Trigger ids of dialogs that are open or still closing. Module state is page-wide: the UI module
// is one shared instance across bundles.
const activeTriggerIds = new Set<string>();
// Trigger ids asked for but not yet on screen (the host is still loading, or the next tick has not
// come): closing one of them must cancel it, or it opens later on a page where it no longer applies.
const pendingTriggerIds = new Set<string>();

/** A dialog to open. */
export interface DialogOptions extends Omit<ModalSettings, 'modalId' | 'title' | 'children'> {
  /** Unique id of what opened it; a second dialog with the same id is refused. */
  triggerId: string;
  /** Title, also the dialog's accessible name. */
  title: ReactNode;
  /** Content. */
  children: ReactNode;
}

/** Whether a dialog with this trigger id is open or closing. */
export function isDialogActive(triggerId: string): boolean {
  return activeTriggerIds.has(triggerId);
}

/**
 * Opens a dialog on the next tick (so the click that asked for it finishes first), once the dialog
 * host is mounted (the shell loads it on first use). Throws when a dialog with the same trigger id
 * already exists.
 */
export function openDialog({ triggerId, title, children, onClose, ...settings }: DialogOptions): void {
  if (activeTriggerIds.has(triggerId)) {
    throw new Error(`A dialog with trigger id "${triggerId}" already exists`);
  }
  activeTriggerIds.add(triggerId);
  pendingTriggerIds.add(triggerId);
  const open = () => {
    if (!pendingTriggerIds.delete(triggerId)) return;
    modals.open({
      ...settings,
      modalId: triggerId,
      title,
      children,
      onClose: () => {
        onClose?.();
        setTimeout(() => activeTriggerIds.delete(triggerId), DIALOG_REMOVAL_DELAY);
      },
    });
  };
  if (areHostsMounted()) {
    setTimeout(open, 0);
    return;
  }
  whenHostsReady().then(
    () => setTimeout(open, 0),
    (error: unknown) => {
      // The host could not be loaded (offline): forget the id so the same dialog can be asked again.
      activeTriggerIds.delete(triggerId);
      pendingTriggerIds.delete(triggerId);
      console.error(`dialog "${triggerId}" could not be shown: the dialog host did not load`, error);
    },
  );
}

/** Closes the dialog with this trigger id. */
export function closeDialog(triggerId: string): void {
  if (pendingTriggerIds.delete(triggerId)) {
    activeTriggerIds.delete(triggerId);
    return;
  }
  modals.close(triggerId);
}

import { bus } from '../../bus/bus';
import type { DialogRequest } from '../../bus/events';
import { openDialog, type DialogOptions } from './open-dialog';

/** Turns a `dialog:requested` bus event into the dialog to show, or null to ignore it. */
export type RenderDialog = (request: DialogRequest) => Omit<DialogOptions, 'triggerId'> | null;

/** Opens a dialog for each `dialog:requested` event; returns the unsubscribe call. */
export function listenForDialogRequests(renderDialog: RenderDialog): () => void {
  return bus.on('dialog:requested', (request) => {
    const dialog = renderDialog(request);
    if (dialog) openDialog({ ...dialog, triggerId: request.triggerId });
  });
}

import { ModalsProvider } from '@mantine/modals';
import { useEffect, type ReactNode } from 'react';
import { bus } from '../../bus/bus';
import type { DialogRequest } from '../../bus/events';
import { openDialog, type DialogOptions } from './open-dialog';

/** Props of DialogHost. */
export interface DialogHostProps {
  /** The app: dialogs opened from anywhere inside (or through the bus) render here. */
  children?: ReactNode;
  /** Turns a `dialog:requested` bus event into a dialog; without it bus requests are ignored. */
  renderDialog?: (request: DialogRequest) => Omit<DialogOptions, 'triggerId'> | null;
  /** Labels of confirm dialogs (translated by the shell). */
  labels?: { confirm: ReactNode; cancel: ReactNode };
  /** Accessible name of the dialogs' close button (translated by the shell). */
  closeLabel?: string;
}

/** Hosts dialogs (Mantine ModalsProvider). Mount once, in the shell, inside PortalThemeProvider. */
export function DialogHost({ children, renderDialog, labels, closeLabel = 'Close' }: DialogHostProps) {
  useEffect(() => {
    if (!renderDialog) return undefined;
    return bus.on('dialog:requested', (request) => {
      const dialog = renderDialog(request);
      if (dialog) openDialog({ ...dialog, triggerId: request.triggerId });
    });
  }, [renderDialog]);
  return (
    <ModalsProvider modalProps={{ centered: true, closeButtonProps: { 'aria-label': closeLabel } }} {...(labels ? { labels } : {})}>
      {children}
    </ModalsProvider>
  );
}

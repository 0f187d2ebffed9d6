import { ModalsProvider } from '@mantine/modals';
import { useEffect, type ReactNode } from 'react';
import { hostMounted } from '../host-gate';
import { listenForDialogRequests, type RenderDialog } from './dialog-requests';

/** Props of DialogHost. */
export interface DialogHostProps {
  /** Optional content; dialogs render here whether or not it wraps the app (the shell mounts it beside). */
  children?: ReactNode;
  /** Turns a `dialog:requested` bus event into a dialog; without it bus requests are left to the caller. */
  renderDialog?: RenderDialog;
  /** Labels of confirm dialogs (translated by the shell). */
  labels?: { confirm: ReactNode; cancel: ReactNode };
  /** Accessible name of the dialogs' close button (translated by the shell). */
  closeLabel?: string;
}

/** Hosts dialogs (Mantine ModalsProvider). Mount once, in the shell, inside PortalThemeProvider. */
export function DialogHost({ children, renderDialog, labels, closeLabel = 'Close' }: DialogHostProps) {
  useEffect(() => (renderDialog ? listenForDialogRequests(renderDialog) : undefined), [renderDialog]);
  // Effects run child first: ModalsProvider listens for dialogs before this reports it mounted.
  useEffect(hostMounted, []);
  return (
    <ModalsProvider modalProps={{ centered: true, closeButtonProps: { 'aria-label': closeLabel } }} {...(labels ? { labels } : {})}>
      {children}
    </ModalsProvider>
  );
}

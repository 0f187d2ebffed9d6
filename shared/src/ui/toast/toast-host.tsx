import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { bus } from '../../bus/bus';
import { setToastCloseLabel, showToast } from './show-toast';

/** Where toasts appear (spec section 9: library defaults). */
export const TOAST_POSITION = 'bottom-right';
/** Most toasts visible at once; the rest wait in a queue. */
export const TOAST_LIMIT = 3;
/** Default auto-close, in ms. */
export const TOAST_DEFAULT_AUTO_CLOSE = 4000;
/** Toast width. */
export const TOAST_WIDTH = '22rem';

/** Props of ToastHost. */
export interface ToastHostProps {
  /** Also show toasts requested on the bus (`toast:requested`); true by default. */
  listenToBus?: boolean;
  /** Accessible name of each toast's close button (translated by the shell). */
  closeLabel?: string;
}

/** Renders toasts. Mount once, in the shell, inside PortalThemeProvider. */
export function ToastHost({ listenToBus = true, closeLabel = 'Close' }: ToastHostProps) {
  useEffect(() => setToastCloseLabel(closeLabel), [closeLabel]);
  useEffect(() => (listenToBus ? bus.on('toast:requested', (request) => void showToast(request)) : undefined), [listenToBus]);
  return (
    <Notifications
      position={TOAST_POSITION}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DEFAULT_AUTO_CLOSE}
      containerWidth={TOAST_WIDTH}
    />
  );
}

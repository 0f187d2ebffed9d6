import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { hostMounted } from '../host-gate';
import { listenForToastRequests, setToastCloseLabel } from './show-toast';

/** Where toasts appear (spec section 9: library defaults). */
export const TOAST_POSITION = 'bottom-right';
/** Most toasts visible at once; the rest wait in a queue. */
export const TOAST_LIMIT = 3;
/** Default auto-close, in ms. */
export const TOAST_DEFAULT_AUTO_CLOSE = 4000;
/** Width of the toast stack: the library default (spec section 9); the portal's own toasts are 22rem. */
export const TOAST_WIDTH = 356;
/** Space between two toasts, in px. */
export const TOAST_GAP = 14;
/** How long a dismissed toast takes to leave, in ms. */
export const TOAST_REMOVAL_DELAY = 200;
/** Keyboard shortcut that moves the focus to the newest toast. */
export const TOAST_HOTKEY = 'alt+T';

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
  useEffect(() => (listenToBus ? listenForToastRequests() : undefined), [listenToBus]);
  useEffect(hostMounted, []);
  useHotkeys([[TOAST_HOTKEY, () => focusNewestToast()]], []);
  return (
    <Notifications
      position={TOAST_POSITION}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DEFAULT_AUTO_CLOSE}
      containerWidth={TOAST_WIDTH}
      transitionDuration={TOAST_REMOVAL_DELAY}
      styles={{ notification: { marginTop: TOAST_GAP } }}
    />
  );
}

/** Moves the keyboard focus to the newest toast, if any (the Alt+T shortcut). */
export function focusNewestToast(): boolean {
  const toasts = document.querySelectorAll<HTMLElement>('[data-toast-type]');
  const newest = toasts[toasts.length - 1];
  newest?.focus();
  return Boolean(newest);
}

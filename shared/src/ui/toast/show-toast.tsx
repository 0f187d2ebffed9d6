import { Group, type MantineColor } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { bus } from '../../bus/bus';
import type { ToastRequest, ToastType } from '../../bus/events';
import { Button } from '../button/button';
import { whenHostsReady } from '../host-gate';
import { Icon } from '../icon/icon';
import type { IconName } from '../icon/icon-paths';
import { swipeHandlers } from './swipe';

/** Auto-close of the portal's own error, success and default toasts, in ms (spec section 9). */
export const TOAST_AUTO_CLOSE = 10_000;
/** Width of the portal's own (product, success, custom) toasts (spec section 9). */
export const PORTAL_TOAST_WIDTH = '22rem';

/** A button inside a toast, e.g. "Undo" or "Retry". */
export interface ToastAction {
  /** Button text. */
  label: string;
  /** What the button does. */
  onClick: () => void;
  /** Shows a spinner on the button. */
  loading?: boolean;
}

/** What `showToast` takes: a bus toast request plus an optional action. */
export interface ToastOptions extends ToastRequest {
  /** Optional action button. */
  action?: ToastAction;
}

const LOOK: Readonly<Record<ToastType, { color?: MantineColor; icon?: IconName }>> = {
  default: {},
  success: { color: 'green.9', icon: 'checkmarkCircle' },
  error: { color: 'red.9', icon: 'alertCircle' },
  info: { color: 'blue.9', icon: 'alertCircle' },
  warning: { color: 'yellow.9', icon: 'warning' },
  loading: {},
};

// The spec gives the portal's own kinds 10 s; info and warning keep the host's 4 s; loading stays.
function autoCloseFor(type: ToastType): number | false | undefined {
  if (type === 'loading') return false;
  if (type === 'info' || type === 'warning') return undefined;
  return TOAST_AUTO_CLOSE;
}

let counter = 0;
// Set by ToastHost: toasts are created outside React, so the label cannot come from context.
let closeLabel = 'Close';

/** Sets the accessible name of the toasts' close buttons (ToastHost does this). */
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}

/**
 * Shows a toast and returns its id (for `hideToast`). The toast goes into the notifications store at
 * once and appears when the ToastHost is mounted (the shell loads it on first use).
 */
export function showToast({ type, title, description, id, autoClose, action }: ToastOptions): string {
  const toastId = id ?? `toast-${++counter}`;
  const { color, icon } = LOOK[type];
  let body: ReactNode = description ?? null;
  if (action) {
    body = (
      // The button keeps its whole label ("Bekijk winkelmandje" in a 22rem toast): it never
      // shrinks, and goes under the description when both do not fit on one line.
      <Group justify="space-between" gap="xs" wrap="wrap">
        <span style={{ flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere' }}>{description}</span>
        <Button size="xs" variant="outline" loading={action.loading} onClick={action.onClick} style={{ flexShrink: 0 }} data-toast-action="">
          {action.label}
        </Button>
      </Group>
    );
  }
  const data = {
    id: toastId,
    title,
    message: body,
    color,
    icon: icon ? <Icon name={icon} size="sm" /> : undefined,
    loading: type === 'loading',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': closeLabel },
    autoClose: autoClose ?? autoCloseFor(type),
    'data-toast-type': type,
    // Focusable, so Alt+T can move the keyboard to the toasts.
    tabIndex: -1,
    ...(autoCloseFor(type) === TOAST_AUTO_CLOSE ? { style: { width: PORTAL_TOAST_WIDTH, maxWidth: '100%' } } : {}),
    ...swipeHandlers(() => notifications.hide(toastId)),
  };
  // Re-showing an id updates that toast in place instead of stacking a copy.
  const shown = notificationsStore.getState().notifications.some((n) => n.id === toastId);
  if (shown) notifications.update(data);
  else notifications.show(data);
  whenHostsReady().catch((error: unknown) => console.error(`toast "${title}" could not be shown: the toast host did not load`, error));
  return toastId;
}

/** Shows a toast for each `toast:requested` bus event; returns the unsubscribe call. */
export function listenForToastRequests(): () => void {
  return bus.on('toast:requested', (request) => void showToast(request));
}

/** Closes a toast by id. */
export function hideToast(id: string): void {
  notifications.hide(id);
}

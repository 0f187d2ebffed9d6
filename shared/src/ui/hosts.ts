// `@portal/shared/ui/hosts`: the dialog host and the toast host. A shared singleton of its own, so
// the shell can mount them on first use instead of on every page (docs/decisions/010). Dialogs and
// toasts are opened through `openDialog` and `showToast` of `@portal/shared/ui`.
export { ToastHost, focusNewestToast, TOAST_POSITION, TOAST_LIMIT, TOAST_DEFAULT_AUTO_CLOSE, TOAST_WIDTH, TOAST_GAP, TOAST_REMOVAL_DELAY, TOAST_HOTKEY } from './toast/toast-host';
export type { ToastHostProps } from './toast/toast-host';
export { DialogHost } from './dialog/dialog-host';
export type { DialogHostProps } from './dialog/dialog-host';

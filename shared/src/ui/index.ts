// Public entry of `@portal/shared/ui`: the core of the design system (spec section 9) and the core
// Mantine parts every page may use. Form controls, pickers, data display and overlays are the
// entries `./ui/forms`, `./ui/choice`, `./ui/select`, `./ui/data` and `./ui/overlays` (docs/decisions/001).
// CSS: import '@portal/shared/ui/styles.css' once, in the shell.
export { PortalThemeProvider } from './theme-provider/portal-theme-provider';
export type { PortalThemeProviderProps } from './theme-provider/portal-theme-provider';
export { portalTheme, BRAND_COLOR, BRAND_PALETTE, FONT_STACK } from './theme-provider/portal-theme';

export { Text, TEXT_VARIANTS } from './text/text';
export type { TextProps, TextVariant, TextElement } from './text/text';

export { Icon, ICON_SIZES, ICON_SIZE_VALUES } from './icon/icon';
export type { IconProps, IconSize } from './icon/icon';
export { ICON_NAMES } from './icon/icon-paths';
export type { IconName } from './icon/icon-paths';

export { Button, ButtonLink, BUTTON_VARIANTS, BUTTON_SIZES } from './button/button';
export type { ButtonProps, ButtonLinkProps, ButtonVariant, ButtonSize } from './button/button';

export { PageIntro } from './page-intro/page-intro';
export type { PageIntroProps } from './page-intro/page-intro';

// The tinted notice is here, not in an entry of its own: every remote and the sign-in screens show one.
export { Notice, NOTICE_LINK } from './notice/notice';
// A wide table's scroll on a phone: three remotes show one.
export { TableScroll } from './table-scroll/table-scroll';
export type { TableScrollProps } from './table-scroll/table-scroll';
export type { NoticeProps, NoticeTone } from './notice/notice';

export { ProductImage } from './product-image/product-image';
export type { ProductImageProps } from './product-image/product-image';

// The hosts themselves are the entry `./ui/hosts`, which the shell mounts on first use.
export { areHostsWanted, hostsFailedToLoad, onHostsWanted, whenHostsReady } from './host-gate';
export { showToast, hideToast, listenForToastRequests, TOAST_AUTO_CLOSE } from './toast/show-toast';
export type { ToastOptions, ToastAction } from './toast/show-toast';

export { openDialog, closeDialog, isDialogActive, DIALOG_REMOVAL_DELAY } from './dialog/open-dialog';
export { confirmAction } from './dialog/confirm-action';
export type { ConfirmActionOptions } from './dialog/confirm-action';
export { listenForDialogRequests } from './dialog/dialog-requests';
export type { RenderDialog } from './dialog/dialog-requests';
export type { DialogOptions } from './dialog/open-dialog';

export * from './mantine';

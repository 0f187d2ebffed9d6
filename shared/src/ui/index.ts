// Public entry of `@portal/shared/ui`: the design system (spec section 9) and the named Mantine
// parts the pages use. CSS: import '@portal/shared/ui/styles.css' once, in the shell.
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

export { Input } from './input/input';
export type { InputProps } from './input/input';

export { TagsInput, TAG_DELIMITERS } from './tags-input/tags-input';
export type { TagsInputProps } from './tags-input/tags-input';

export { Tooltip } from './tooltip/tooltip';
export type { TooltipProps } from './tooltip/tooltip';
export { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY } from './tooltip/use-tooltip-delay';

export { ToastHost, TOAST_POSITION, TOAST_LIMIT, TOAST_DEFAULT_AUTO_CLOSE, TOAST_WIDTH } from './toast/toast-host';
export type { ToastHostProps } from './toast/toast-host';
export { showToast, hideToast, TOAST_AUTO_CLOSE } from './toast/show-toast';
export type { ToastOptions, ToastAction } from './toast/show-toast';

export { DialogHost } from './dialog/dialog-host';
export type { DialogHostProps } from './dialog/dialog-host';
export { openDialog, closeDialog, isDialogActive, DIALOG_REMOVAL_DELAY } from './dialog/open-dialog';
export type { DialogOptions } from './dialog/open-dialog';
export { modals } from '@mantine/modals';

export * from './mantine';

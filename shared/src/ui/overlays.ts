// `@portal/shared/ui/overlays`: things that float or slide over the page, and app chrome
// (docs/decisions/001). Dialogs are opened through the DialogHost of `@portal/shared/ui`.
export { Tooltip } from './tooltip/tooltip';
export type { TooltipProps } from './tooltip/tooltip';
export { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY } from './tooltip/use-tooltip-delay';
export {
  Affix,
  AppShell,
  Burger,
  Collapse,
  CopyButton,
  Drawer,
  FocusTrap,
  HoverCard,
  LoadingOverlay,
  Menu,
  Modal,
  NavLink,
  Overlay,
  Popover,
  Portal,
  ScrollArea,
  Transition,
} from '@mantine/core';
export type { AppShellProps, DrawerProps, MenuProps, ModalProps } from '@mantine/core';

// `@portal/shared/ui/overlays`: things that float over the page (docs/decisions/001). Dialogs are
// opened through the DialogHost of `@portal/shared/ui`. Only names some page uses (as in `./index.ts`):
// a shared entry is not tree-shaken, so each name costs every page that opens a menu or a modal
// (issue 45: Affix, AppShell, Burger, Collapse, CopyButton, Drawer, FocusTrap, HoverCard,
// LoadingOverlay, NavLink, Overlay, Popover, Portal, ScrollArea and Transition, which no page used, went).
export { Tooltip } from './tooltip/tooltip';
export type { TooltipProps } from './tooltip/tooltip';
export { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY } from './tooltip/use-tooltip-delay';
export { Menu, Modal } from '@mantine/core';
export type { MenuProps, ModalProps } from '@mantine/core';

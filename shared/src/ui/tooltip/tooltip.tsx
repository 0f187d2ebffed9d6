import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from '@mantine/core';
import { cloneElement, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY, useTooltipDelay } from './use-tooltip-delay';

// Opening is driven by useTooltipDelay (Mantine has no skip delay), so Mantine's own triggers are off.
const NO_EVENTS = { hover: false, focus: false, touch: false };

type TriggerProps = {
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

/** Props of Tooltip. */
export interface TooltipProps
  extends Omit<MantineTooltipProps, 'opened' | 'openDelay' | 'events' | 'children' | 'label'> {
  /** What the tooltip says. */
  label: ReactNode;
  /** The one element the tooltip describes; it must accept a ref and mouse/focus handlers. */
  children: ReactElement<TriggerProps>;
  /** Hover time before opening, in ms. */
  openDelay?: number;
  /** Window after another tooltip closed in which this one opens at once, in ms. */
  skipDelay?: number;
}

/** A tooltip that opens on hover or keyboard focus after 700 ms (at once within 300 ms of another); Escape closes it. */
export function Tooltip({
  children,
  label,
  openDelay = TOOLTIP_OPEN_DELAY,
  skipDelay = TOOLTIP_SKIP_DELAY,
  ...rest
}: TooltipProps) {
  const { opened, open, close } = useTooltipDelay(openDelay, skipDelay);
  const own = children.props;
  const trigger = cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event);
      open();
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event);
      close();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      open();
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      close();
    },
    onKeyDown: (event: KeyboardEvent) => {
      own.onKeyDown?.(event);
      // WCAG 1.4.13: content shown on hover or focus can be dismissed without moving.
      if (event.key === 'Escape') close();
    },
  });
  return (
    <MantineTooltip label={label} opened={opened} events={NO_EVENTS} {...rest}>
      {trigger}
    </MantineTooltip>
  );
}

import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { STATUS_TONE_COLORS, type StatusTone } from './status-tones';

/** How a tone badge is drawn: filled (white text on the tone) or outlined (the tone on the page). */
export type ToneBadgeVariant = 'filled' | 'outline';

/** The variants a tone badge may take; the contrast test walks every tone in each. */
export const TONE_BADGE_VARIANTS: readonly ToneBadgeVariant[] = ['filled', 'outline'];

/** Props of ToneBadge. */
export interface ToneBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'autoContrast' | 'children'> {
  /** What the state means to the reader; picks a colour that keeps its text above WCAG AA. */
  tone: StatusTone;
  /** Filled (default) or outlined. */
  variant?: ToneBadgeVariant;
  /** The words of the state: a badge never says it in colour alone. */
  children: ReactNode;
  /** A stable hook for tests and styles (`data-order-status`, ...). */
  [data: `data-${string}`]: string | undefined;
}

// Mantine's badge hides what overflows with an ellipsis, and a table cell or flex row may squeeze it
// ("1 NOUV…", "BEPERKTE VOORRA…"): a state is never cut, so the badge keeps its text's width.
const NEVER_CUT = { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' } as const;

/**
 * The one badge of the portal. Only the theme's tones, so no page can pick a colour whose text
 * disappears in its own background (Mantine's light variant on a shade such as "blue.9" draws the
 * label in the badge's colour: an empty pill that axe does not flag); `tone-badge.test.ts` checks
 * the contrast of every tone in every variant and that no page draws a Mantine badge of its own.
 */
export function ToneBadge({ tone, variant = 'filled', style, children, ...rest }: ToneBadgeProps) {
  return (
    <Badge color={STATUS_TONE_COLORS[tone]} autoContrast variant={variant} style={{ ...NEVER_CUT, ...(style as object) }} {...rest}>
      {children}
    </Badge>
  );
}

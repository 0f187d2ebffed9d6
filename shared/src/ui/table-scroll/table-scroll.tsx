import type { ReactNode } from 'react';

export type TableScrollProps = { children: ReactNode } & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

/**
 * A wide table's own horizontal scroll on a narrow screen. Positioned, so that the table's absolutely
 * positioned parts (a visually hidden column header, a number input's buttons) are clipped by it
 * instead of widening the page: at 390 px the cart scrolled the whole page sideways by 500 px. A
 * named, focusable region, so that a keyboard user can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function TableScroll({ children, label, labelledBy }: TableScrollProps) {
  return (
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }}>
      {children}
    </div>
  );
}

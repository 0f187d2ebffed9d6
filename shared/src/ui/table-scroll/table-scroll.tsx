import { useLayoutEffect, useRef, type ReactNode } from 'react';

export type TableScrollProps = {
  children: ReactNode;
  /**
   * On a phone (under 36em) each row becomes a card: the row's head first, then every cell with its
   * column's name before it (`data-label`, taken from the table's column heads), so quantity, price
   * and the row's actions are on screen rather than behind a sideways scroll (issue 44).
   */
  phoneCards?: boolean;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

/** Marks the table for the phone-card styles (styles.css) and names each body cell after its column. */
function labelCells(root: HTMLElement) {
  const table = root.querySelector('table');
  if (!table) return;
  if (!table.hasAttribute('data-phone-cards')) table.setAttribute('data-phone-cards', '');
  // A head only a screen reader hears (an actions column) names nothing on screen either.
  const heads = [...table.querySelectorAll(':scope > thead > tr > th')].map((th) =>
    th.querySelector('[class*="VisuallyHidden"]') ? '' : (th.textContent ?? '').trim(),
  );
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    [...row.children].forEach((cell, i) => {
      const name = heads[i];
      if (cell.tagName !== 'TD' || !name || cell.getAttribute('data-label') === name) return;
      cell.setAttribute('data-label', name);
    });
  }
}

/**
 * A wide table's own horizontal scroll on a narrow screen. Positioned, so that the table's absolutely
 * positioned parts (a visually hidden column header, a number input's buttons) are clipped by it
 * instead of widening the page: at 390 px the cart scrolled the whole page sideways by 500 px. A
 * named, focusable region, so that a keyboard user can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function TableScroll({ children, label, labelledBy, phoneCards = false }: TableScrollProps) {
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = region.current;
    if (!phoneCards || !root) return;
    labelCells(root);
    // Rows come and go (paging, a removed line): label the new ones. Only attributes are written,
    // which this observer does not watch.
    const observer = new MutationObserver(() => labelCells(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [phoneCards]);
  return (
    <div ref={region} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }}>
      {children}
    </div>
  );
}

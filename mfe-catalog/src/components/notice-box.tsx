import type { ReactNode } from 'react';
import { Alert } from '@portal/shared/ui';

/** Tones of a notice: violet for "price on request", red for "not within contract". */
export type NoticeTone = 'violet' | 'red';

/**
 * A notice on the product page with a readable title, text and link: a pale tint of the tone behind
 * body-coloured text, the title and border in the tone's darkest shade. The filled variant put black
 * text on solid purple or red and failed axe's colour-contrast rule (issue 19).
 */
export function NoticeBox({ tone, title, children }: { tone: NoticeTone; title: string; children: ReactNode }) {
  return (
    <Alert
      variant="outline"
      title={title}
      styles={{
        root: { background: `var(--mantine-color-${tone}-0)`, borderColor: `var(--mantine-color-${tone}-9)` },
        title: { color: `var(--mantine-color-${tone}-9)` },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      {children}
    </Alert>
  );
}

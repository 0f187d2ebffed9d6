import type { ReactNode } from 'react';
import { Alert } from '@portal/shared/ui';

/** Tones: red for what stops the buyer, blue for information. */
export type NoticeTone = 'red' | 'blue' | 'green';

/**
 * A notice with readable text: a pale tint behind body-coloured text, the title and border in the
 * tone's darkest shade (a filled alert fails axe's contrast rule, as the catalog found). `alert`
 * announces it at once (a refused order); otherwise it is read in page order.
 */
export function Notice({ tone, title, children, alert, testId }: { tone: NoticeTone; title: ReactNode; children?: ReactNode; alert?: boolean; testId?: string }) {
  return (
    <Alert
      variant="outline"
      title={title}
      role={alert ? 'alert' : undefined}
      data-testid={testId}
      styles={{
        root: { background: `var(--mantine-color-${tone}-0)`, borderColor: `var(--mantine-color-${tone}-9)` },
        // Green's darkest shade is under 4.5:1 on its own tint: the title takes the text colour.
        title: { color: tone === 'green' ? 'var(--mantine-color-text)' : `var(--mantine-color-${tone}-9)` },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      {children}
    </Alert>
  );
}

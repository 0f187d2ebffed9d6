import type { ReactNode } from 'react';
import { Alert, Icon } from '@portal/shared/ui';

// The tone is carried by the icon and the tinted background; the text stays in the text colour, so
// it keeps 4.5:1 contrast on the tint (as the sign-in screens' alerts do).
const TEXT = { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } };

/** A polite, visible confirmation after a save (announced by screen readers). */
export function SavedNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="green" variant="light" role="status" icon={<Icon name="checkmarkCircle" size="sm" />} styles={TEXT}>
      {children}
    </Alert>
  );
}

/** A failure that is not about one field (announced at once); `title` for a headline above it. */
export function FailedNotice({ children, title }: { children: ReactNode; title?: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<Icon name="alertCircle" size="sm" />} styles={TEXT}>
      {children}
    </Alert>
  );
}

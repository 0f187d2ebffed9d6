import type { ReactNode } from 'react';
import { Alert } from '@portal/shared/ui';

/** A polite, visible confirmation after a save (announced by screen readers). */
export function SavedNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="green.9" variant="light" role="status">
      {children}
    </Alert>
  );
}

/** A failure that is not about one field. */
export function FailedNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="red.9" variant="light" role="alert">
      {children}
    </Alert>
  );
}

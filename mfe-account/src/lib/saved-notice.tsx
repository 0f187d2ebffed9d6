import type { ReactNode } from 'react';
import { Notice } from '@portal/shared/ui';

/** A polite, visible confirmation after a save (announced by screen readers). */
export function SavedNotice({ children }: { children: ReactNode }) {
  return (
    <Notice tone="green" role="status" icon="checkmarkCircle">
      {children}
    </Notice>
  );
}

/** A failure that is not about one field (announced at once); `title` for a headline above it. */
export function FailedNotice({ children, title }: { children: ReactNode; title?: ReactNode }) {
  return (
    <Notice tone="red" role="alert" title={title} icon="alertCircle">
      {children}
    </Notice>
  );
}

import type { ReactNode } from 'react';
import { Notice } from '@portal/shared/ui';

/** Props of FormAlert. */
export interface FormAlertProps {
  /** Error (announced at once) or success (announced politely). */
  tone: 'error' | 'success';
  /** The headline, e.g. "Invalid credentials". */
  title: ReactNode;
  /** What to do about it. */
  children?: ReactNode;
  /** Test and focus hook. */
  testId?: string;
}

/** A message above a form, announced by screen readers when it appears (links in it: NOTICE_LINK). */
export function FormAlert({ tone, title, children, testId }: FormAlertProps) {
  const error = tone === 'error';
  return (
    <Notice tone={error ? 'red' : 'green'} role={error ? 'alert' : 'status'} icon={error ? 'alertCircle' : 'checkmarkCircle'} title={title} testId={testId} mb="md">
      {children}
    </Notice>
  );
}

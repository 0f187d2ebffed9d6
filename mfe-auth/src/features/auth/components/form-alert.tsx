import type { ReactNode } from 'react';
import { Alert, Icon } from '@portal/shared/ui';

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

/** A message above a form, announced by screen readers when it appears. */
export function FormAlert({ tone, title, children, testId }: FormAlertProps) {
  return (
    <Alert
      role={tone === 'error' ? 'alert' : 'status'}
      color={tone === 'error' ? 'red' : 'green'}
      variant="light"
      title={title}
      icon={<Icon name={tone === 'error' ? 'alertCircle' : 'checkmarkCircle'} size="sm" />}
      // Shade 9 on the light background keeps the title above 4.5:1 contrast.
      styles={{ title: { color: `var(--mantine-color-${tone === 'error' ? 'red' : 'green'}-9)` }, message: { color: 'var(--mantine-color-text)' } }}
      data-testid={testId}
      mb="md"
    >
      {children}
    </Alert>
  );
}

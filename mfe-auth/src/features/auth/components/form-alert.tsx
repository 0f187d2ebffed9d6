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
      // The tone is carried by the icon and the background; text stays in the text colour (links in
      // it use ALERT_LINK), so everything keeps 4.5:1 contrast on the tinted background.
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
      data-testid={testId}
      mb="md"
    >
      {children}
    </Alert>
  );
}

/** Props of a link inside a FormAlert: the text colour, underlined, so it stays readable on the tint. */
export const ALERT_LINK = { c: 'inherit', underline: 'always', fw: 600 } as const;

import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../icon/icon';
import type { IconName } from '../icon/icon-paths';

/** Props of Input. */
export interface InputProps
  extends Omit<TextInputProps, 'leftSection' | 'rightSection' | 'error' | 'size' | 'variant'> {
  /** Visible label, linked to the field. */
  label?: ReactNode;
  /** Error message, announced and linked through aria-describedby; also marks the field invalid. */
  error?: ReactNode;
  /** Marks the field invalid without a message (the message is shown elsewhere). */
  invalid?: boolean;
  /** Icon (or any node) before the text. */
  leftIcon?: IconName | ReactNode;
  /** Icon (or any node) after the text; replaced by the spinner while loading. */
  rightIcon?: IconName | ReactNode;
  /** Shows a spinner and marks the field busy (e.g. while a value is being checked). */
  loading?: boolean;
  /** Input type; `text` by default. */
  type?: TextInputProps['type'];
}

const asNode = (icon: IconName | ReactNode) => (typeof icon === 'string' ? <Icon name={icon as IconName} size="sm" /> : icon);

/** A text field with label, description, error, icons and a loading state. */
export function Input({ error, invalid, leftIcon, rightIcon, loading, type = 'text', ...rest }: InputProps) {
  const right = loading ? <Loader size="xs" aria-hidden /> : rightIcon === undefined ? undefined : asNode(rightIcon);
  return (
    <TextInput
      type={type}
      error={error ?? (invalid ? true : undefined)}
      leftSection={leftIcon === undefined ? undefined : asNode(leftIcon)}
      rightSection={right}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...rest}
    />
  );
}

import { Button as MantineButton, type ButtonProps as MantineButtonProps } from '@mantine/core';
import type { ButtonHTMLAttributes, ElementType, ReactNode, Ref } from 'react';

/** Button looks (spec section 9). */
export const BUTTON_VARIANTS = [
  'default',
  'destructive',
  'destructive-outline',
  'ghost',
  'muted',
  'outline',
  'secondary',
] as const;
/** One button look. */
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** Button sizes (spec section 9); `unset` drops height and padding (icon-only or inline use). */
export const BUTTON_SIZES = ['default', 'lg', 'sm', 'xs', 'unset'] as const;
/** One button size. */
export type ButtonSize = (typeof BUTTON_SIZES)[number];

// Mantine variant + colour per look. Reds and greys use dark shades so text stays >= 4.5:1.
const VARIANTS: Readonly<Record<ButtonVariant, Pick<MantineButtonProps, 'variant' | 'color'>>> = {
  default: { variant: 'filled' },
  destructive: { variant: 'filled', color: 'red.9' },
  'destructive-outline': { variant: 'outline', color: 'red.9' },
  ghost: { variant: 'subtle', color: 'dark' },
  muted: { variant: 'default' },
  outline: { variant: 'outline' },
  secondary: { variant: 'filled', color: 'dark.6' },
};

const SIZES: Readonly<Record<Exclude<ButtonSize, 'unset'>, MantineButtonProps['size']>> = {
  xs: 'xs',
  sm: 'sm',
  default: 'md',
  lg: 'lg',
};

/** Props of Button. */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** Look; `default` (brand, filled) by default. */
  variant?: ButtonVariant;
  /** Size; `default` by default. */
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  /** Stretches the button to its container's width. */
  fullWidth?: boolean;
  /** Content before the label, e.g. an Icon. */
  leftSection?: ReactNode;
  /** Content after the label, e.g. an Icon. */
  rightSection?: ReactNode;
  /** Ref to the button element. */
  ref?: Ref<HTMLButtonElement>;
}

/** Mantine props that give a button one of our variants and sizes. */
function lookOf(variant: ButtonVariant, size: ButtonSize) {
  const unset = size === 'unset';
  return {
    ...VARIANTS[variant],
    size: unset ? 'md' : SIZES[size],
    'data-button-variant': variant,
    'data-button-size': size,
    ...(unset ? { h: 'auto', px: 0, py: 0 } : {}),
  };
}

/** A button of the design system. `type` is `button` unless set, so it never submits by accident. */
export function Button({ variant = 'default', size = 'default', loading, type = 'button', ...rest }: ButtonProps) {
  return <MantineButton {...lookOf(variant, size)} loading={loading} type={type} aria-busy={loading || undefined} {...rest} />;
}

/** Props of ButtonLink: a link (router Link or `a`) that looks like a Button. */
export interface ButtonLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'leftSection' | 'rightSection' | 'children' | 'className'> {
  /** The link element to render, e.g. react-router's `Link`, or `'a'`. */
  component: ElementType;
  /** Route of a router link. */
  to?: string;
  /** Address of a plain link. */
  href?: string;
}

/** Navigation that looks like a button: keeps link semantics (a real `a`, middle-click, no `type`). */
export function ButtonLink({ variant = 'default', size = 'default', component, ...rest }: ButtonLinkProps) {
  // Mantine's polymorphic typing cannot follow a runtime element type; the props are link props.
  return <MantineButton component={component as 'a'} {...lookOf(variant, size)} {...rest} />;
}

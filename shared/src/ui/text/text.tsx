import { Text as MantineText, type MantineFontSize } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** Typographic roles of the design system (spec section 9). */
export const TEXT_VARIANTS = ['hero', 'title', 'subtitle', 'heading', 'body', 'subtext', 'caption'] as const;
/** One typographic role. */
export type TextVariant = (typeof TEXT_VARIANTS)[number];

interface VariantStyle {
  size: MantineFontSize | string;
  weight: number;
  lineHeight: number;
  /** Secondary texts use gray.7: dimmed gray.6 is only 3.3:1 on white. */
  color?: string;
}

const VARIANT_STYLES: Readonly<Record<TextVariant, VariantStyle>> = {
  hero: { size: '3rem', weight: 700, lineHeight: 1.1 },
  title: { size: '2rem', weight: 700, lineHeight: 1.2 },
  subtitle: { size: '1.5rem', weight: 600, lineHeight: 1.3 },
  heading: { size: '1.125rem', weight: 600, lineHeight: 1.4 },
  body: { size: 'md', weight: 400, lineHeight: 1.55 },
  subtext: { size: 'sm', weight: 400, lineHeight: 1.5, color: 'gray.7' },
  caption: { size: 'xs', weight: 400, lineHeight: 1.4, color: 'gray.7' },
};

/** Elements a Text may render as; headings get their semantics from `component`, not `variant`. */
export type TextElement = 'p' | 'span' | 'div' | 'label' | 'strong' | 'small' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Props of Text. */
export interface TextProps {
  /** Typographic role; `body` by default. */
  variant?: TextVariant;
  /** Element to render; `p` by default (use `h1`-`h6` for headings). */
  component?: TextElement;
  /** Overrides the colour (a theme colour such as `brand.7`, or CSS). */
  color?: string;
  /** Text alignment. */
  align?: CSSProperties['textAlign'];
  /** Cuts the text to this many lines with an ellipsis. */
  lineClamp?: number;
  /** Extra class for layout. */
  className?: string;
  /** Id, e.g. for `aria-labelledby`. */
  id?: string;
  /** The text. */
  children?: ReactNode;
}

/** Text in one of the design system's typographic roles. */
export function Text({ variant = 'body', component = 'p', color, align, lineClamp, className, id, children }: TextProps) {
  const style = VARIANT_STYLES[variant];
  return (
    <MantineText
      component={component}
      fz={style.size}
      fw={style.weight}
      lh={style.lineHeight}
      c={color ?? style.color}
      ta={align}
      lineClamp={lineClamp}
      className={className}
      id={id}
      data-text-variant={variant}
    >
      {children}
    </MantineText>
  );
}

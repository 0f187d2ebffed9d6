import type { CSSProperties } from 'react';
import { ICON_PATHS, type IconName } from './icon-paths';

/** Icon sizes (spec section 9); `full` fills its container. */
export const ICON_SIZES = ['xs', 'sm', 'default', 'lg', 'xl', 'xxl', 'full'] as const;
/** One icon size. */
export type IconSize = (typeof ICON_SIZES)[number];

/** Edge length of each size. */
export const ICON_SIZE_VALUES: Readonly<Record<IconSize, string>> = {
  xs: '0.75rem',
  sm: '1rem',
  default: '1.25rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
  full: '100%',
};

/** Props of Icon. */
export interface IconProps {
  /** Which icon. */
  name: IconName;
  /** Edge length; `default` (20px) by default. */
  size?: IconSize;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  /** Stroke colour; the current text colour by default. */
  color?: string;
  /** Extra class for layout. */
  className?: string;
  /** Extra inline style. */
  style?: CSSProperties;
}

/** An inline SVG icon. */
export function Icon({ name, size = 'default', label, color = 'currentColor', className, style }: IconProps) {
  const edge = ICON_SIZE_VALUES[size];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={edge}
      height={edge}
      fill="none"
      stroke={color}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      style={{ flexShrink: 0, ...style }}
      data-icon={name}
      data-size={size}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

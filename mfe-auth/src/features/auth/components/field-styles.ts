/**
 * Field hints and errors in shades that keep WCAG AA contrast on white: the design system's
 * defaults (gray and red 6) fail axe's color-contrast rule. Until the design system darkens them,
 * every field of these screens uses this (through useForm's field props).
 */
export const FIELD_STYLES = {
  description: { color: 'var(--mantine-color-gray-8)' },
  error: { color: 'var(--mantine-color-red-9)' },
} as const;

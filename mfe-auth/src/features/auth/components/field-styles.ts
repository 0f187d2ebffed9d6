/**
 * Field hints and errors in shades that keep WCAG AA contrast on white: the design system's
 * defaults (gray and red 6) fail axe's color-contrast rule. Until the design system darkens them,
 * every field of these screens uses this (through useForm's field props).
 */
export const FIELD_STYLES = {
  description: { color: 'var(--mantine-color-gray-8)' },
  error: { color: 'var(--mantine-color-red-9)' },
  // An invalid field's typed text turns red 6 too: keep it in the text colour (the border and
  // the message mark the error).
  input: { color: 'var(--mantine-color-text)' },
} as const;

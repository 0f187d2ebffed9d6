/**
 * The design system's field descriptions are too light for WCAG AA contrast on white (axe
 * color-contrast); until the design system darkens them, fields with a hint use this.
 */
export const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-8)' } } as const;

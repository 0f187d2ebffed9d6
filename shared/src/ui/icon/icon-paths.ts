// Outline icons on a 24x24 grid, drawn with a 2px round stroke. Inline paths rather than an icon
// library: 18 icons cost less than any library's runtime, and nothing else needs to be shared.

/** Names of the design system's icons (spec section 9). */
export const ICON_NAMES = [
  'alertCircle',
  'arrowDown',
  'arrowLeft',
  'arrowRight',
  'arrowUp',
  'arrowUpDown',
  'checkmark',
  'checkmarkCircle',
  'chevronDown',
  'chevronLeft',
  'chevronRight',
  'chevronUp',
  'close',
  'eye',
  'eyeSlash',
  'minus',
  'search',
  'warning',
] as const;
/** One icon name. */
export type IconName = (typeof ICON_NAMES)[number];

const CIRCLE = 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z';

/** The `d` attributes of each icon's paths. */
export const ICON_PATHS: Readonly<Record<IconName, readonly string[]>> = {
  alertCircle: [CIRCLE, 'M12 8v4', 'M12 16h.01'],
  arrowDown: ['M12 5v14', 'M19 12l-7 7-7-7'],
  arrowLeft: ['M19 12H5', 'M12 19l-7-7 7-7'],
  arrowRight: ['M5 12h14', 'M12 5l7 7-7 7'],
  arrowUp: ['M12 19V5', 'M5 12l7-7 7 7'],
  arrowUpDown: ['M7 3v18', 'M3 7l4-4 4 4', 'M17 21V3', 'M21 17l-4 4-4-4'],
  checkmark: ['M20 6L9 17l-5-5'],
  checkmarkCircle: [CIRCLE, 'M8 12l3 3 5-6'],
  chevronDown: ['M6 9l6 6 6-6'],
  chevronLeft: ['M15 18l-6-6 6-6'],
  chevronRight: ['M9 18l6-6-6-6'],
  chevronUp: ['M18 15l-6-6-6 6'],
  close: ['M18 6L6 18', 'M6 6l12 12'],
  eye: ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z'],
  eyeSlash: [
    'M3 3l18 18',
    'M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2',
    'M6.6 6.6A17.7 17.7 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  ],
  minus: ['M5 12h14'],
  search: ['M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14z', 'M21 21l-4.35-4.35'],
  warning: ['M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z', 'M12 9v4', 'M12 17h.01'],
};

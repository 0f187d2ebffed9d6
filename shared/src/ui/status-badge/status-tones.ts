// The status colours of the theme. Each is a dark shade that keeps white text above WCAG AA's 4.5:1
// (Mantine's light badge variants fall below it), and a badge always says its state in words too:
// the state never depends on colour alone.

/** What a status means to the reader, whatever the domain. */
export type StatusTone = 'positive' | 'caution' | 'info' | 'neutral' | 'negative' | 'special';

/** The colour of each tone (white text on each is at least 7:1). */
export const STATUS_TONE_COLORS: Readonly<Record<StatusTone, string>> = {
  positive: '#1b5e20',
  caution: '#7a4100',
  info: '#0d47a1',
  neutral: '#424242',
  negative: '#b71c1c',
  special: '#4a148c',
};

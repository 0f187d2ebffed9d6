// A duration in the unit a person reads at a glance: seconds under two minutes, minutes under two
// hours, hours under two days, then days; the number and its unit in the reader's language.
import type { IntlShape } from 'react-intl';

const UNITS = [
  { unit: 'second', seconds: 1, below: 120 },
  { unit: 'minute', seconds: 60, below: 7_200 },
  { unit: 'hour', seconds: 3_600, below: 172_800 },
  { unit: 'day', seconds: 86_400, below: Infinity },
] as const;

export function formatDuration(intl: IntlShape, seconds: number): string {
  const { unit, seconds: size } = UNITS.find((u) => seconds < u.below)!;
  return intl.formatNumber(Math.floor(seconds / size), { style: 'unit', unit, unitDisplay: 'long' });
}

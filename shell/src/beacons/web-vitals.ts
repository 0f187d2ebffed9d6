// Its own chunk, fetched after the first screen of a sampled page view only (decision 072).
import { onCLS, onINP, onLCP } from 'web-vitals';
import type { VitalName } from '@portal/shared/schemas/platform';

/** Reports each vital's final value as web-vitals gives it (LCP and INP in ms, CLS unitless). */
export function observeVitals(report: (name: VitalName, value: number) => void): void {
  for (const observe of [onLCP, onINP, onCLS]) observe(({ name, value }) => report(name as VitalName, value));
}

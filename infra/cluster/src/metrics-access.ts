// How an operator reaches the instances' metrics (decision 084): every instance `npm run cluster`
// starts serves a metrics listener, with or without --observe, on the loopback (decision 071: never
// the public interface) and behind a bearer token made for the run, so another local user cannot
// read it either. The token is written to a file only this user reads; --observe's Prometheus and
// an operator's own scraper (or curl) take it from there.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The listeners bind here: the API's own default, said where the ports are chosen. */
export const METRICS_HOST = '127.0.0.1';

/** One port per instance from `first` on (the CLI's default first: nginx's port + 100, so 8180, 8181, ...). */
export function metricsPortsFrom(first: number, instances: number): number[] {
  return Array.from({ length: instances }, (_, i) => first + i);
}

/** A fresh token for this run, in `<workDir>/metrics-token` (mode 0600). */
export function writeMetricsToken(workDir: string): { token: string; file: string } {
  mkdirSync(workDir, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  const file = join(workDir, 'metrics-token');
  writeFileSync(file, token, { mode: 0o600 });
  return { token, file };
}

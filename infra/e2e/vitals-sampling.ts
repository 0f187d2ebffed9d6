// Whether the shell samples a page view for web vitals (shell/src/beacons/page-beacons.ts draws it
// with Math.random at VITALS_SAMPLE_RATE, 10 %). Journeys that depend on it decide it here, in one
// place: the judged canary needs every view counted, the first-screen weighing a view that is not
// (a sampled one fetches the vitals' chunks after its first screen).
import type { BrowserContext, Page } from '@playwright/test';

/** Every later page view of `target` is sampled (`true`) or never is (`false`). */
export async function sampleVitals(target: BrowserContext | Page, sampled: boolean): Promise<void> {
  await target.addInitScript((draw) => {
    Math.random = () => draw;
  }, sampled ? 0 : 0.999);
}

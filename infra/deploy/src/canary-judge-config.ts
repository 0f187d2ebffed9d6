// The canary judge's settings: its window, its thresholds and the names of the metrics it reads.
// They live in infra/deploy/canary-judge.json (documented in infra/deploy/README.md, decision 076);
// `--judge-config` or CANARY_JUDGE_CONFIG points at another file (the browser journey's short window).
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { OpsError } from './errors';

const Fraction = v.pipe(v.number(), v.minValue(0));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Seconds = v.pipe(v.number(), v.minValue(0.1));

/**
 * The series the judge reads, by their full names in the exposition (`_total`, `_bucket` included).
 * The ONE place metric names are spelt for the judge: the servers' and beacons' instrumentation must match it.
 */
export const JudgeMetricsSchema = v.object({
  /** Label carrying the group of a request or beacon (`x-portal-release` header: stable | canary | none). */
  releaseLabel: v.string(),
  /** Its values for the two groups compared. */
  canaryRelease: v.string(),
  stableRelease: v.string(),
  /** Label naming the remote on browser series; they are counted for the judged remote only. */
  remoteLabel: v.string(),
  /** API requests counter, labelled with the release and a status class. */
  apiRequests: v.string(),
  statusClassLabel: v.string(),
  /** Status classes that count as errors of the portal (4xx are the caller's). */
  errorStatusClasses: v.array(v.string()),
  /** Page views seen by the browser (the denominator of the browser ratios). */
  pageViews: v.string(),
  /** Errors caught by a remote's error boundary. */
  browserErrors: v.string(),
  /** Remotes that did not load (federation runtime's errorLoadRemote). */
  loadFailures: v.string(),
  /** LCP histogram's bucket series (with an `le` label, in seconds). */
  lcpBuckets: v.string(),
});
export type JudgeMetrics = v.InferOutput<typeof JudgeMetricsSchema>;

/** What is done when a group has too little traffic to be judged when its window ends. */
export const InsufficientTrafficSchema = v.picklist(['extend', 'abort']);

export const JudgeConfigSchema = v.object({
  /** How long the canary is watched before it can be promoted. */
  windowSeconds: Seconds,
  /** How often the instances are scraped; every scrape is judged, so a clear failure aborts early. */
  scrapeIntervalSeconds: Seconds,
  /** Scrape URLs of every instance's metrics endpoint; CANARY_SCRAPE_URLS (comma-separated) replaces them. */
  scrapeUrls: v.array(v.pipe(v.string(), v.url())),
  /** API calls each group must make in the window before its ratios are judged. */
  minRequests: Count,
  /** Page views each group must report before the browser's ratios and LCP are judged. */
  minPageViews: Count,
  /** Too little traffic at the window's end: `extend` the window (up to maxExtensions times, then abort) or `abort`. */
  insufficientTraffic: InsufficientTrafficSchema,
  maxExtensions: Count,
  /** Canary's 5xx share of its API calls minus stable's, at most (0.01 = one percentage point). */
  maxErrorRatioIncrease: Fraction,
  /** Canary's browser errors per page view minus stable's, at most. */
  maxBrowserErrorRateIncrease: Fraction,
  /** Canary's remote load failures per page view minus stable's, at most. */
  maxLoadFailureRateIncrease: Fraction,
  /** Load failures of the canary in the window beyond which it is aborted whatever the traffic. */
  maxLoadFailures: Count,
  /** Canary's LCP p75 over stable's, at most this fraction more (0.2 = 20 % slower)... */
  maxLcpRegression: Fraction,
  /** ...and only when it is also at least this many seconds slower (small pages jitter by tens of ms). */
  lcpToleranceSeconds: v.pipe(v.number(), v.minValue(0)),
  metrics: JudgeMetricsSchema,
});
export type JudgeConfig = v.InferOutput<typeof JudgeConfigSchema>;

/** Reads and validates a judge config file; `scrapeUrls` replaces the file's list when given (environment). */
export async function loadJudgeConfig(path: string, scrapeUrls?: readonly string[]): Promise<JudgeConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new OpsError('OPS_BAD_ARGUMENT', `cannot read the canary judge config ${path}: ${(error as Error).message}`);
  }
  const result = v.safeParse(JudgeConfigSchema, scrapeUrls?.length ? { ...(raw as object), scrapeUrls } : raw);
  if (!result.success) throw new OpsError('OPS_BAD_ARGUMENT', `${path}: ${v.summarize(result.issues)}`);
  if (result.output.scrapeUrls.length === 0) {
    throw new OpsError('OPS_BAD_ARGUMENT', `${path}: no scrape URLs; list the instances' metrics endpoints or set CANARY_SCRAPE_URLS`);
  }
  return result.output;
}

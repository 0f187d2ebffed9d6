// The canary judgement: a pure function of two scrapes of every instance (the window's start and now).
// Counters are compared as their increase over the window, per instance then summed, so a long-running
// instance's history does not count and a restarted one (its counter went down) counts from zero, as
// Prometheus' increase() does. Decision 076 says why these figures and thresholds.
import type { JudgeConfig } from './canary-judge-config';
import type { Sample } from './prometheus-text';

/** One instance's metrics at one moment. */
export interface Scrape {
  /** The scrape URL: an instance is matched with itself across the two scrapes. */
  url: string;
  samples: readonly Sample[];
}

/** What one group (canary or stable) did over the window. Ratios are null when their denominator is 0. */
export interface GroupFigures {
  requests: number;
  serverErrors: number;
  errorRatio: number | null;
  pageViews: number;
  browserErrors: number;
  browserErrorRate: number | null;
  loadFailures: number;
  loadFailureRate: number | null;
  lcpP75Seconds: number | null;
}

/**
 * `abort`: a threshold is crossed (at any scrape); `promote`: the window is over, traffic was enough and
 * nothing was crossed; `insufficient`: the window is over with too little traffic to say; `continue`: the
 * window is not over and nothing is crossed yet.
 */
export type Verdict = 'promote' | 'abort' | 'insufficient' | 'continue';

/** A verdict with its reasons and the numbers it came from (recorded in the deploy history). */
export interface Judgement {
  verdict: Verdict;
  reasons: string[];
  canary: GroupFigures;
  stable: GroupFigures;
}

/** Judges the canary of `remote` from the scrapes at the window's start and now; `final` when the window is over. */
export function judgeCanary(
  config: JudgeConfig,
  remote: string,
  before: readonly Scrape[],
  after: readonly Scrape[],
  final: boolean,
): Judgement {
  const increases = seriesIncreases(before, after);
  const m = config.metrics;
  const canary = groupFigures(config, increases, remote, m.canaryRelease);
  const stable = groupFigures(config, increases, remote, m.stableRelease);
  const breaches: string[] = [];
  const waiting: string[] = [];

  if (canary.loadFailures > config.maxLoadFailures) {
    breaches.push(`remote load failures ${canary.loadFailures} in the canary, max ${config.maxLoadFailures}`);
  }
  const enoughRequests = canary.requests >= config.minRequests && stable.requests >= config.minRequests;
  if (!enoughRequests) waiting.push(`API calls ${canary.requests} canary / ${stable.requests} stable, need ${config.minRequests} each`);
  else {
    compareRate(breaches, 'API error ratio', canary.errorRatio, stable.errorRatio, config.maxErrorRatioIncrease);
  }
  const enoughViews = canary.pageViews >= config.minPageViews && stable.pageViews >= config.minPageViews;
  if (!enoughViews) waiting.push(`page views ${canary.pageViews} canary / ${stable.pageViews} stable, need ${config.minPageViews} each`);
  else {
    compareRate(breaches, 'browser errors per view', canary.browserErrorRate, stable.browserErrorRate, config.maxBrowserErrorRateIncrease);
    compareRate(breaches, 'load failures per view', canary.loadFailureRate, stable.loadFailureRate, config.maxLoadFailureRateIncrease);
    compareLcp(breaches, config, canary.lcpP75Seconds, stable.lcpP75Seconds);
  }

  if (breaches.length > 0) return { verdict: 'abort', reasons: breaches, canary, stable };
  if (!final) return { verdict: 'continue', reasons: waiting, canary, stable };
  if (waiting.length > 0) return { verdict: 'insufficient', reasons: waiting, canary, stable };
  return { verdict: 'promote', reasons: ['every figure within its threshold'], canary, stable };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

function compareRate(breaches: string[], what: string, canary: number | null, stable: number | null, maxIncrease: number): void {
  if (canary === null) return;
  const base = stable ?? 0;
  if (canary - base > maxIncrease) {
    breaches.push(`${what} ${percent(canary)} canary vs ${percent(base)} stable: +${percent(canary - base)}, max +${percent(maxIncrease)}`);
  }
}

function compareLcp(breaches: string[], config: JudgeConfig, canary: number | null, stable: number | null): void {
  if (canary === null || stable === null) return;
  const slower = canary - stable;
  if (canary > stable * (1 + config.maxLcpRegression) && slower > config.lcpToleranceSeconds) {
    breaches.push(
      `LCP p75 ${canary.toFixed(2)} s canary vs ${stable.toFixed(2)} s stable: ` +
        `+${percent(slower / stable)}, max +${percent(config.maxLcpRegression)} (and ${config.lcpToleranceSeconds} s)`,
    );
  }
}

/** A series' increase over the window, summed over instances. */
interface Increase {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',')}}`;

/** Every series' increase between the scrapes, per instance (a reset counts from zero), then summed. */
function seriesIncreases(before: readonly Scrape[], after: readonly Scrape[]): Increase[] {
  const sums = new Map<string, Increase>();
  for (const now of after) {
    const then = before.find((scrape) => scrape.url === now.url);
    if (!then) continue; // an instance not seen at the start has no baseline: left out, not counted whole
    const old = new Map(then.samples.map((sample) => [seriesKey(sample), sample.value]));
    for (const sample of now.samples) {
      const key = seriesKey(sample);
      const previous = old.get(key) ?? 0;
      const increase = sample.value >= previous ? sample.value - previous : sample.value;
      const sum = sums.get(key);
      if (sum) sum.value += increase;
      else sums.set(key, { name: sample.name, labels: sample.labels, value: increase });
    }
  }
  return [...sums.values()];
}

function groupFigures(config: JudgeConfig, increases: readonly Increase[], remote: string, release: string): GroupFigures {
  const m = config.metrics;
  const inGroup = (s: Increase) => s.labels[m.releaseLabel] === release;
  // Browser series count for the judged remote only; a series without the remote label counts for every remote.
  const ofRemote = (s: Increase) => inGroup(s) && (s.labels[m.remoteLabel] ?? remote) === remote;
  const sum = (name: string, keep: (s: Increase) => boolean) =>
    increases.filter((s) => s.name === name && keep(s)).reduce((total, s) => total + s.value, 0);

  const requests = sum(m.apiRequests, inGroup);
  const serverErrors = sum(m.apiRequests, (s) => inGroup(s) && m.errorStatusClasses.includes(s.labels[m.statusClassLabel] ?? ''));
  const pageViews = sum(m.pageViews, ofRemote);
  const browserErrors = sum(m.browserErrors, ofRemote);
  const loadFailures = sum(m.loadFailures, ofRemote);
  const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    requests,
    serverErrors,
    errorRatio: ratio(serverErrors, requests),
    pageViews,
    browserErrors,
    browserErrorRate: ratio(browserErrors, pageViews),
    loadFailures,
    loadFailureRate: ratio(loadFailures, pageViews),
    lcpP75Seconds: quantileFromBuckets(0.75, increases.filter((s) => s.name === m.lcpBuckets && ofRemote(s))),
  };
}

/**
 * A quantile from cumulative histogram buckets (`le` label), interpolated linearly inside the bucket it
 * falls in, as Prometheus' histogram_quantile() does; null without observations. When it falls in the
 * +Inf bucket the highest finite bound is the answer.
 */
export function quantileFromBuckets(q: number, buckets: readonly Increase[]): number | null {
  const byBound = new Map<number, number>();
  for (const bucket of buckets) {
    const bound = Number(bucket.labels.le === '+Inf' ? Infinity : bucket.labels.le);
    if (!Number.isNaN(bound)) byBound.set(bound, (byBound.get(bound) ?? 0) + bucket.value);
  }
  const sorted = [...byBound.entries()].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of sorted) {
    if (count >= rank) {
      if (bound === Infinity) return lowerBound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / Math.max(count - lowerCount, 1e-9);
    }
    lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}

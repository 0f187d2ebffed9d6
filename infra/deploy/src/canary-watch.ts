// `ops canary … --judge`: watches a running canary through the instances' metrics endpoints and promotes
// or aborts it on its own, recording the decision and its numbers on the history line (decision 076).
import type { RemoteName } from './apps';
import { abortCanary, promoteCanary, type CanaryChange } from './canary';
import { judgeCanary, type GroupFigures, type Judgement, type Scrape } from './canary-judge';
import type { JudgeConfig } from './canary-judge-config';
import type { OpsContext } from './context';
import { OpsError } from './errors';
import type { JudgementRecord } from './history';
import { parseExposition } from './prometheus-text';

/** How the watcher reaches the world; replaceable in tests. */
export interface WatchOptions {
  config: JudgeConfig;
  /** The canary version judged: the watcher stops if another one replaces it. */
  version: string;
  /** Sent as `Authorization: Bearer …` to the metrics endpoints (METRICS_TOKEN). */
  token?: string;
  /** Waits; defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Monotonic milliseconds; defaults to performance.now(). */
  clock?: () => number;
}

/** The judge's last word and what it did to the registry. */
export interface WatchResult {
  judgement: JudgementRecord;
  change: CanaryChange;
}

const SCRAPE_TIMEOUT_MS = 5_000;

/** Watches `app`'s canary for the configured window, then promotes it, or aborts it as soon as a threshold is crossed. */
export async function judgeRunningCanary(ctx: OpsContext, app: RemoteName, environment: string, options: WatchOptions): Promise<WatchResult> {
  const { config, version } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const clock = options.clock ?? (() => performance.now());
  const log = ctx.log ?? (() => {});
  const started = clock();
  const windowMs = config.windowSeconds * 1000;
  let deadline = started + windowMs;
  let extensions = 0;

  const before = await scrapeAll(config.scrapeUrls, options.token, log);
  log(`${environment}: judging ${app} ${version} for ${config.windowSeconds} s from ${before.length} of ${config.scrapeUrls.length} instances`);
  const decide = (judgement: Judgement, verdict: 'promote' | 'abort', reasons = judgement.reasons): Promise<WatchResult> => {
    const record: JudgementRecord = {
      version,
      verdict,
      reasons,
      watchedSeconds: Math.round((clock() - started) / 100) / 10,
      canary: judgement.canary,
      stable: judgement.stable,
    };
    const reason = `canary judge: ${reasons.join('; ')}`;
    const act = verdict === 'promote' ? promoteCanary : abortCanary;
    return act(ctx, app, environment, reason, record).then((change) => ({ judgement: record, change }));
  };

  if (before.length === 0) {
    return decide(judgeCanary(config, app, [], [], true), 'abort', ['no instance answered its metrics endpoint at the start: not judged blind']);
  }
  for (;;) {
    await sleep(Math.max(0, Math.min(config.scrapeIntervalSeconds * 1000, deadline - clock())));
    await assertStillRunning(ctx, app, environment, version);
    const after = await scrapeAll(config.scrapeUrls, options.token, log);
    const final = clock() >= deadline;
    const judgement = judgeCanary(config, app, before, after, final);
    log(`${environment}: ${app} ${judgement.verdict}: ${describeGroup('canary', judgement.canary)}; ${describeGroup('stable', judgement.stable)}`);
    if (after.length === 0 && final) return decide(judgement, 'abort', ['no instance answered its metrics endpoint: not promoted blind']);
    switch (judgement.verdict) {
      case 'abort':
      case 'promote':
        return decide(judgement, judgement.verdict);
      case 'insufficient':
        if (config.insufficientTraffic === 'extend' && extensions < config.maxExtensions) {
          extensions += 1;
          deadline += windowMs;
          log(`${environment}: too little traffic (${judgement.reasons.join('; ')}): window extended (${extensions} of ${config.maxExtensions})`);
          break;
        }
        return decide(judgement, 'abort', [`too little traffic to judge: ${judgement.reasons.join('; ')}`]);
      case 'continue':
        break;
    }
  }
}

/** Stops the watch when the canary it judges was promoted, aborted or replaced by someone else meanwhile. */
async function assertStillRunning(ctx: OpsContext, app: RemoteName, environment: string, version: string): Promise<void> {
  const canary = (await ctx.store.readRegistry(environment))?.remotes[app]?.canary;
  if (canary?.version !== version) {
    throw new OpsError('OPS_NO_CANARY', `${environment}: ${app}'s canary ${version} stopped running while it was judged; the judge leaves it alone`);
  }
}

/** Every instance that answers; one that does not is logged and left out of this round. */
async function scrapeAll(urls: readonly string[], token: string | undefined, log: (line: string) => void): Promise<Scrape[]> {
  const headers: Record<string, string> = { accept: 'text/plain' };
  if (token) headers.authorization = `Bearer ${token}`;
  const results = await Promise.all(
    urls.map(async (url): Promise<Scrape | null> => {
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return { url, samples: parseExposition(await response.text()) };
      } catch (error) {
        log(`scrape ${url} failed: ${(error as Error).message}`);
        return null;
      }
    }),
  );
  return results.filter((scrape): scrape is Scrape => scrape !== null);
}

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);

/** One group's numbers on one line, for the progress log and `ops status`. */
export function describeGroup(name: string, g: GroupFigures): string {
  const lcp = g.lcpP75Seconds === null ? '-' : `${g.lcpP75Seconds.toFixed(2)} s`;
  return (
    `${name} ${g.requests} calls ${pct(g.errorRatio)} 5xx, ${g.pageViews} views ${pct(g.browserErrorRate)} errors ` +
    `${g.loadFailures} load failures (${pct(g.loadFailureRate)}), LCP p75 ${lcp}`
  );
}

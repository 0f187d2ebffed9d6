// The answers' figures (decision 071, amended by 097), kept as plain numbers on the request's path and
// handed to prom-client only when somebody reads them (a scrape, the operations page). prom-client
// checks and hashes the whole label set on every `inc` and `observe`: three such calls per answer
// were 2 % of a cached catalogue answer's CPU (BENCHMARKS.md, "Metrics per answer"); a tally is one
// map lookup and a few additions. What is exposed is unchanged: the same names, labels and buckets.
import { Counter, type Registry } from 'prom-client';

export interface HttpLabels {
  method: string;
  route: string;
  status_class: string;
  release: string;
}

export interface HttpSeries {
  readonly labels: Readonly<HttpLabels>;
  requests: number;
  /** Answers with a 4xx or a 5xx status. */
  errors: number;
  /** Answers per latency bucket, not cumulative; the last one is above the highest bound (+Inf). */
  readonly perBucket: number[];
  /** Seconds, summed. */
  sum: number;
}

export class HttpTally {
  private readonly series = new Map<string, HttpSeries>();

  constructor(readonly upperBounds: readonly number[]) {}

  /** One answer, counted in its series (made on its first answer: a route pattern, never a raw URL). */
  count(labels: HttpLabels, status: number, seconds: number): void {
    const key = `${labels.method} ${labels.route} ${labels.status_class} ${labels.release}`;
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: { ...labels }, requests: 0, errors: 0, perBucket: new Array<number>(this.upperBounds.length + 1).fill(0), sum: 0 };
      this.series.set(key, entry);
    }
    entry.requests += 1;
    if (status >= 400) entry.errors += 1;
    entry.sum += seconds;
    // Prometheus' `le`: the first bound the value does not exceed.
    let bucket = 0;
    while (bucket < this.upperBounds.length && seconds > this.upperBounds[bucket]!) bucket += 1;
    entry.perBucket[bucket]! += 1;
  }

  all(): IterableIterator<HttpSeries> {
    return this.series.values();
  }

  clear(): void {
    this.series.clear();
  }
}

/** One line of the exposition, as prom-client's registry formats it (its typings name only its own classes). */
interface ExposedValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The tally's latency histogram as prom-client's registry reads a metric (`get()`), in the exact shape
 * prom-client's own Histogram gives: cumulative `_bucket` lines with `le` first, `+Inf`, `_sum`, `_count`.
 */
export class TalliedHistogram {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly tally: HttpTally,
  ) {}

  async get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: ExposedValue[] }> {
    const values: ExposedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, perBucket, sum, requests } of this.tally.all()) {
      let cumulative = 0;
      this.tally.upperBounds.forEach((le, i) => {
        cumulative += perBucket[i]!;
        values.push({ metricName: bucketName, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: bucketName, labels: { le: '+Inf', ...labels }, value: requests });
      values.push({ metricName: `${this.name}_sum`, labels: { ...labels }, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...labels }, value: requests });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** The registry's `resetMetrics()`, as prom-client's own metrics do. */
  reset(): void {
    this.tally.clear();
  }
}

/** A counter whose value is the tally's, set when it is read (a handful of series per scrape). */
export function talliedCounter(options: { name: string; help: string; labelNames: readonly string[]; tally: HttpTally; field: 'requests' | 'errors'; registers?: Registry[] }) {
  const { tally, field, ...config } = options;
  return new Counter({
    ...config,
    collect() {
      this.reset();
      for (const series of tally.all()) if (series[field] > 0) this.inc(series.labels, series[field]);
    },
  });
}

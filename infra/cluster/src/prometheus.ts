// `npm run cluster -- --observe`: Debian's Prometheus scraping every instance's metrics listener, with
// the alert rules of infra/cluster/prometheus/alerts.yml (decision 076). Everything it writes (its
// configuration, its database, its log) is inside the cluster's work folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { waitForOk } from './wait';

/** The alert rules, tested by alerts.test.yml with promtool. */
export const ALERT_RULES = join(REPO_ROOT, 'infra', 'cluster', 'prometheus', 'alerts.yml');

export interface PrometheusOptions {
  /** The server binary (Debian's /usr/bin/prometheus). */
  binary: string;
  /** Its web port on 127.0.0.1 (pages, API, /-/ready). */
  port: number;
  /** Every instance's metrics listener, `127.0.0.1:<port>`. */
  targets: string[];
  /** The listeners' bearer token (METRICS_TOKEN), written to a file only this user reads. */
  token?: string;
  /** The cluster's work folder: Prometheus keeps `<workDir>/prometheus/`. */
  workDir: string;
  scrapeIntervalSeconds?: number;
}

export interface PrometheusProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** prometheus.yml: one job, `portal`, with every instance; the rule file; a token file when there is one. */
export function renderPrometheusConfig(options: { targets: string[]; rules: string; tokenFile?: string; scrapeIntervalSeconds?: number }): string {
  const interval = `${options.scrapeIntervalSeconds ?? 15}s`;
  // JSON is YAML: no hand-quoting of paths.
  return `${JSON.stringify(
    {
      global: { scrape_interval: interval, evaluation_interval: interval },
      rule_files: [options.rules],
      scrape_configs: [
        {
          job_name: 'portal',
          metrics_path: '/metrics',
          ...(options.tokenFile ? { authorization: { type: 'Bearer', credentials_file: options.tokenFile } } : {}),
          static_configs: [{ targets: options.targets }],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** Writes the configuration and starts Prometheus; resolves when it answers /-/ready. */
export async function startPrometheus(options: PrometheusOptions): Promise<PrometheusProcess> {
  const dir = join(options.workDir, 'prometheus');
  mkdirSync(join(dir, 'data'), { recursive: true });
  mkdirSync(join(options.workDir, 'logs'), { recursive: true });
  let tokenFile: string | undefined;
  if (options.token) {
    tokenFile = join(dir, 'metrics-token');
    writeFileSync(tokenFile, options.token, { mode: 0o600 });
  }
  const config = join(dir, 'prometheus.yml');
  writeFileSync(config, renderPrometheusConfig({ targets: options.targets, rules: ALERT_RULES, tokenFile, scrapeIntervalSeconds: options.scrapeIntervalSeconds }));
  const log = openSync(join(options.workDir, 'logs', 'prometheus.log'), 'a');
  const listen = `127.0.0.1:${options.port}`;
  const proc: ChildProcess = spawn(
    options.binary,
    [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, '--storage.tsdb.retention.time=7d', `--web.listen-address=${listen}`],
    { stdio: ['ignore', log, log], detached: true },
  );
  closeSync(log);
  let exitNote: string | undefined;
  const exited = new Promise<void>((resolve) => {
    proc.once('error', (error) => ((exitNote = `could not start ${options.binary}: ${error.message}`), resolve()));
    proc.once('exit', (code, signal) => ((exitNote ??= `prometheus exited (${signal ?? `code ${code}`}); see logs/prometheus.log`), resolve()));
  });
  const url = `http://${listen}`;
  try {
    await waitForOk(`${url}/-/ready`, 60_000, () => exitNote);
  } catch (error) {
    proc.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    url,
    pid: proc.pid ?? 0,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

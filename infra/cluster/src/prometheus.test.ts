// The alert rules and the Prometheus that `--observe` starts (decision 076). With Debian's prometheus
// package installed (.ci/run installs it, as it does nginx) promtool checks and unit-tests the rules
// (prometheus/alerts.test.yml) and a real Prometheus scrapes a metrics listener with its token;
// without it, what can be checked without promtool still is, and the output says promtool was missing.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadClusterEnv } from './env';
import { REPO_ROOT } from './paths';
import { ALERT_RULES, renderPrometheusConfig, startPrometheus } from './prometheus';

const PROMETHEUS = loadClusterEnv().prometheusPath;
const PROMTOOL = join(dirname(PROMETHEUS), 'promtool');
const present = existsSync(PROMTOOL) && existsSync(PROMETHEUS);
const RULES_DIR = dirname(ALERT_RULES);
const promtool = (...args: string[]) => promisify(execFile)(PROMTOOL, args, { cwd: RULES_DIR });

const alertNames = [...readFileSync(ALERT_RULES, 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]!);
/** Recorded series the dashboard reads (the orders per channel, decision 084). */
const recordNames = [...readFileSync(ALERT_RULES, 'utf8').matchAll(/^\s*- record: ([\w:]+)$/gm)].map((m) => m[1]!);

describe('alert rules', () => {
  it('names the six alerts issue 43 asks for, each unit-tested and explained in the README', () => {
    expect(alertNames).toEqual(['PortalHighErrorRatio', 'PortalSlowRoute', 'PortalQueueStuck', 'PortalEInvoiceDeliveryFailed', 'PortalInstanceDown', 'PortalBackupTooOld']);
    const tests = readFileSync(join(RULES_DIR, 'alerts.test.yml'), 'utf8');
    const readme = readFileSync(join(REPO_ROOT, 'infra', 'cluster', 'README.md'), 'utf8');
    for (const name of alertNames) {
      expect(tests, name).toContain(`alertname: ${name}`);
      expect(readme, name).toContain(`\`${name}\``);
    }
    // The orders per channel, recorded for the dashboard and unit-tested as the alerts are.
    expect(recordNames).toEqual(['portal:orders_placed:increase1h']);
    expect(tests).toContain('expr: portal:orders_placed:increase1h');
    if (!present) console.warn(`[prometheus.test] ${PROMTOOL} missing: apt-get install prometheus to run promtool on the rules`);
  });

  it('pass promtool check and promtool test rules (when Debian prometheus is installed)', async () => {
    if (!present) return;
    const checked = await promtool('check', 'rules', 'alerts.yml');
    expect(checked.stdout).toContain(`SUCCESS: ${alertNames.length + recordNames.length} rules found`);
    const tested = await promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.stdout).toContain('SUCCESS');
  });
});

describe('the --observe Prometheus', () => {
  it('renders a configuration promtool accepts, and scrapes a metrics listener with its bearer token', async () => {
    const config = renderPrometheusConfig({ targets: ['127.0.0.1:8180', '127.0.0.1:8181'], rules: ALERT_RULES, tokenFile: '/tmp/token' });
    expect(JSON.parse(config)).toMatchObject({
      rule_files: [ALERT_RULES],
      scrape_configs: [{ job_name: 'portal', authorization: { type: 'Bearer', credentials_file: '/tmp/token' }, static_configs: [{ targets: ['127.0.0.1:8180', '127.0.0.1:8181'] }] }],
    });
    if (!present) return;
    const workDir = await mkdtemp(join(tmpdir(), 'portal-prometheus-'));
    const seen: string[] = [];
    const listener = createServer((request, response) => {
      seen.push(request.headers.authorization ?? '');
      if (request.headers.authorization !== 'Bearer scrape-token-0123456789') return void response.writeHead(401).end();
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end('portal_queue_failed{queue="invoice_deliveries"} 3\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const target = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    await writeFile(join(workDir, 'check.yml'), renderPrometheusConfig({ targets: [target], rules: ALERT_RULES }));
    await promtool('check', 'config', join(workDir, 'check.yml'));

    const prometheus = await startPrometheus({ binary: PROMETHEUS, port, targets: [target], token: 'scrape-token-0123456789', workDir, scrapeIntervalSeconds: 1 });
    try {
      // Waits for the state: the scraped figure queryable in Prometheus.
      let value: string | undefined;
      while (value === undefined) {
        const answer = (await (await fetch(`${prometheus.url}/api/v1/query?query=portal_queue_failed`)).json()) as {
          data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
        };
        value = answer.data.result[0]?.value[1];
        if (value === undefined) await new Promise((r) => setTimeout(r, 200));
      }
      expect(value).toBe('3');
      expect(seen.every((header) => header === 'Bearer scrape-token-0123456789')).toBe(true);
      const rules = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string }> }> } };
      expect(rules.data.groups.flatMap((g) => g.rules.map((r) => r.name))).toEqual([...alertNames, ...recordNames]);
      // The Grafana dashboard's queries are PromQL this Prometheus accepts.
      const dashboard = JSON.parse(readFileSync(join(RULES_DIR, 'grafana-dashboard.json'), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
      const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
      expect(exprs.length).toBeGreaterThan(10);
      // Orders per hour come from the orders counter (decision 084), not from the checkout route's answers.
      expect(exprs).toContain('portal:orders_placed:increase1h');
      expect(exprs.filter((expr) => expr.includes('route="/api/v1/orders"'))).toEqual([]);
      for (const expr of exprs) {
        const answer = (await (await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { status: string; error?: string };
        expect(answer, expr).toMatchObject({ status: 'success' });
      }
    } finally {
      await prometheus.stop();
      await new Promise((resolve) => listener.close(resolve));
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

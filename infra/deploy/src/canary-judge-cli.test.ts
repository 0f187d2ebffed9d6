// `ops canary … --judge` end to end: the real CLI against a local HTTP server serving metrics scrapes.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeConfig } from './canary-judge-config';
import { publishAll } from './deploy';
import { DirectoryStore } from './directory-store';
import { createFakeRepo, fakeExposition, type FakeGroupCounts, type FakeRepo } from './testing';
import { runOps } from './testing-cli';

const TOKEN = 'scrape-secret';
let repo: FakeRepo;
let server: Server;
let metricsUrl: string;
let configPath: string;
let config: JudgeConfig;
/** What the metrics endpoint answers, scrape after scrape (the last one repeats). */
let scrapes: string[] = [];
let served = 0;

beforeAll(async () => {
  repo = await createFakeRepo();
  await publishAll({ store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'alice' }, 'production');
  server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return void response.writeHead(401).end();
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(scrapes[Math.min(served++, scrapes.length - 1)]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  // The shipped file with a window of seconds and a dead URL, which CANARY_SCRAPE_URLS replaces.
  const shipped = JSON.parse(await readFile(fileURLToPath(new URL('../canary-judge.json', import.meta.url)), 'utf8')) as JudgeConfig;
  config = { ...shipped, windowSeconds: 1, scrapeIntervalSeconds: 0.2, scrapeUrls: ['http://127.0.0.1:9/metrics'] };
  configPath = join(repo.root, 'judge.json');
  await writeFile(configPath, JSON.stringify(config));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await repo.cleanup();
});

const text = (groups: Record<string, FakeGroupCounts>) => fakeExposition(config.metrics, 'catalog', groups);
const views = (n: number, seconds = 1.2) => Array<number>(n).fill(seconds);
const judged = (marker: string) => {
  served = 0;
  return repo.rebuild('catalog', marker).then(() =>
    runOps(repo.storeDir, ['canary', 'catalog', '--percent', '10', '--dist', join(repo.root, 'mfe-catalog', 'dist'), '--judge', '--judge-config', configPath, '--json'], {
      CANARY_SCRAPE_URLS: metricsUrl,
      METRICS_TOKEN: TOKEN,
    }),
  );
};

describe('ops canary --judge', () => {
  it('aborts a canary whose API calls fail, records why, and status shows it; promotes a healthy one', async () => {
    scrapes = [
      text({ canary: {}, stable: {} }),
      text({ canary: { requests: { '2xx': 150, '5xx': 60 }, lcp: views(60) }, stable: { requests: { '2xx': 2000, '5xx': 1 }, lcp: views(600) } }),
    ];
    const aborted = await judged('broken');
    expect(aborted.code, aborted.stderr).toBe(3);
    const result = JSON.parse(aborted.stdout) as { change: { canary: unknown; action: string }; judgement: { verdict: string; reasons: string[] } };
    expect(result.change).toMatchObject({ action: 'abort', canary: null });
    expect(result.judgement.reasons).toEqual(['API error ratio 28.6% canary vs 0.0% stable: +28.5%, max +1.0%']);
    expect(aborted.stderr).toMatch(/judging catalog \S+ for 1 s from 1 of 1 instances/);

    const status = await runOps(repo.storeDir, ['status', '--env', 'production']);
    expect(status.stdout).toMatch(/catalog: canary \S+ aborted by the judge at \S+ after [\d.]+ s: API error ratio 28\.6% canary/);
    expect(status.stdout).toContain('canary 210 calls 28.6% 5xx, 60 views 0.0% errors 0 load failures (0.0%), LCP p75 1.38 s');
    const history = await runOps(repo.storeDir, ['history', 'catalog', '--json', '--env', 'production']);
    const [last] = JSON.parse(history.stdout) as Array<{ action: string; reason: string; judgement: { stable: { requests: number } } }>;
    expect(last).toMatchObject({ action: 'abort', reason: expect.stringMatching(/^canary judge: API error ratio/), judgement: { stable: { requests: 2001 } } });

    scrapes = [
      text({ canary: {}, stable: {} }),
      text({ canary: { requests: { '2xx': 250 }, lcp: views(60) }, stable: { requests: { '2xx': 2500, '5xx': 1 }, lcp: views(600) } }),
    ];
    const promoted = await judged('healthy');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout)).toMatchObject({ change: { action: 'promote', canary: null }, judgement: { verdict: 'promote' } });
    expect(served).toBeGreaterThanOrEqual(3); // the start, at least one scrape inside the window, and the end
  });
});

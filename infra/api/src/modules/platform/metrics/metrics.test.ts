// The metrics listener (decision 071): not on the public port, on its own with its token, and its
// labels are route patterns and fixed lists, never a raw URL or a header's text.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriodicJob } from '../../../common/jobs';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const TOKEN = 'metrics-test-token-0123456789';
const HOSTILE = 'canary"} 1\nportal_pwned_total 1';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ metricsPort: 0, metricsHost: '127.0.0.1', metricsToken: TOKEN });
  base = `http://127.0.0.1:${t.app.metricsListener!.address().port}`;
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
};

describe('metrics', () => {
  it('is not served on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('asks the metrics port for the token', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('counts requests by route pattern, status class and release, never by raw URL or header text', async () => {
    const orderId = randomUUID();
    const inject = (url: string, release?: string) => t.app.inject({ method: 'GET', url, headers: release === undefined ? {} : { 'x-portal-release': release } });
    expect((await inject('/api/health', 'canary')).statusCode).toBe(200);
    expect((await inject('/api/health', 'stable')).statusCode).toBe(200);
    expect((await inject(`/api/v1/orders/${orderId}`, HOSTILE)).statusCode).toBe(401);
    expect((await inject(`/api/no-such-thing/${orderId}`)).statusCode).toBe(404);
    const text = await scrape();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/health",status_class="2xx",release="canary"\} [1-9]/);
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/health",status_class="2xx",release="stable"\} [1-9]/);
    expect(text).toMatch(/portal_http_request_errors_total\{method="GET",route="\/api\/v1\/orders\/:id",status_class="4xx",release="none"\} 1/);
    expect(text).toMatch(/portal_http_request_errors_total\{method="GET",route="unmatched",status_class="4xx",release="none"\} [1-9]/);
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health",status_class="2xx",release="canary"\}/);
    // A run without a server error has no 5xx series; no raw URL, id or header text in any label.
    expect(text).not.toMatch(/status_class="5xx"/);
    expect(text).not.toContain(orderId);
    expect(text).not.toContain('no-such-thing');
    expect(text).not.toContain('portal_pwned');
  });

  it('tells the database, the process, the queues, the jobs', async () => {
    const job = createPeriodicJob({ name: 'metrics probe', intervalMs: 0, log: t.app.log, run: () => Promise.reject(new Error('down')) });
    await expect(job.runOnce()).rejects.toThrow('down');
    const text = await scrape();
    const driver = t.env.databaseUrl ? 'postgres' : 'pglite';
    expect(text).toMatch(new RegExp(`portal_db_query_duration_seconds_count\\{driver="${driver}",statement="select",outcome="ok"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`portal_db_pool_connections\\{driver="${driver}"\\} [1-9]`));
    expect(text).toMatch(/nodejs_eventloop_lag_seconds [0-9.e-]+/);
    for (const queue of ['outbox', 'webhook_deliveries', 'invoice_deliveries']) {
      expect(text).toMatch(new RegExp(`portal_queue_depth\\{queue="${queue}"\\} \\d+`));
      expect(text).toMatch(new RegExp(`portal_queue_oldest_age_seconds\\{queue="${queue}"\\} [0-9.e+-]+`));
      expect(text).toMatch(new RegExp(`portal_queue_failed\\{queue="${queue}"\\} \\d+`));
    }
    expect(text).toMatch(/portal_job_runs_total\{job="metrics_probe",outcome="error"\} 1/);
    expect(text).toMatch(/portal_job_failures_total\{job="metrics_probe"\} 1/);
    expect(text).toMatch(/portal_job_duration_seconds_count\{job="metrics_probe"\} 1/);
  });
});

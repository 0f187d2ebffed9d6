import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from 'prom-client';
import { BEACON_LIMITS } from '@portal/shared/schemas';
import { freshIp } from '../../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { BEACON_METRICS } from './beacon-metrics';

// The live and the canary build of the catalog, as the gateway's store reader would name them.
const LIVE = '0.1.0-3f2a9c01be';
const CANARY = '0.1.1-aa00bb11cc';
const LIMIT = 5;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ beaconRequestLimit: LIMIT }, undefined, {
    beaconVersions: async () => ({ catalog: [LIVE, CANARY], orders: ['0.2.0-0123456789'] }),
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, { ip = freshIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/beacons', remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

/** A metric's value for one label set, read from prom-client's default registry as the metrics endpoint would. */
async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  const wanted = Object.entries(labels);
  return values.filter((v) => wanted.every(([k, value]) => String(v.labels[k]) === value)).reduce((sum, v) => sum + v.value, 0);
}

const failure = (release: 'stable' | 'canary', version = release === 'canary' ? CANARY : LIVE) => ({ kind: 'remote-load-failure', remote: 'catalog', version, release });

describe('POST /api/v1/beacons', () => {
  it('counts a valid batch under the remote, its build and the release group', async () => {
    const labels = { remote: 'catalog', version: CANARY, release: 'canary' };
    const before = {
      failures: await valueOf(BEACON_METRICS.loadFailures, labels),
      errors: await valueOf(BEACON_METRICS.errors, labels),
      lcp: await valueOf(BEACON_METRICS.lcp, { ...labels, le: '2.5' }),
      lcp2: await valueOf(BEACON_METRICS.lcp, { ...labels, le: '2' }),
      cls: await valueOf(BEACON_METRICS.cls, { ...labels, le: '0.1' }),
      accepted: await valueOf(BEACON_METRICS.beacons, { outcome: 'accepted' }),
    };
    const res = await post({
      events: [
        failure('canary'),
        failure('canary'),
        { kind: 'boundary-error', ...labels },
        { kind: 'vital', ...labels, name: 'LCP', value: 2100 },
        { kind: 'vital', ...labels, name: 'CLS', value: 0.02 },
        { kind: 'vital', ...labels, name: 'INP', value: 180 },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 6, dropped: 0 });
    expect(await valueOf(BEACON_METRICS.loadFailures, labels)).toBe(before.failures + 2);
    expect(await valueOf(BEACON_METRICS.errors, labels)).toBe(before.errors + 1);
    // LCP 2.1 s lands in the 2.5 s bucket (ms in, seconds out); CLS 0.02 in the 0.1 bucket.
    expect(await valueOf(BEACON_METRICS.lcp, { ...labels, le: '2.5' })).toBe(before.lcp + 1);
    expect(await valueOf(BEACON_METRICS.lcp, { ...labels, le: '2' })).toBe(before.lcp2);
    expect(await valueOf(BEACON_METRICS.cls, { ...labels, le: '0.1' })).toBe(before.cls + 1);
    expect(await valueOf(BEACON_METRICS.inp, { ...labels, le: '0.2' })).toBeGreaterThanOrEqual(1);
    expect(await valueOf(BEACON_METRICS.beacons, { outcome: 'accepted' })).toBe(before.accepted + 1);
    // The stable group's series is apart from the canary's.
    expect(await valueOf(BEACON_METRICS.loadFailures, { remote: 'catalog', version: LIVE, release: 'stable' })).toBe(0);
  });

  it('drops the events of a build that is neither live nor canary, and counts the rest', async () => {
    const before = await valueOf(BEACON_METRICS.dropped, { reason: 'version' });
    const res = await post({ events: [failure('stable'), failure('stable', '0.0.9-ffffffffff')] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 1, dropped: 1 });
    expect(await valueOf(BEACON_METRICS.dropped, { reason: 'version' })).toBe(before + 1);
    const series = (await register.getSingleMetric(BEACON_METRICS.loadFailures)!.get()).values.map((v) => v.labels.version);
    expect(series).not.toContain('0.0.9-ffffffffff');
  });

  it('refuses an unknown remote, kind, metric, release or version pattern, and extra fields, with 400 VALIDATION_FAILED', async () => {
    const bad = [
      { ...failure('stable'), remote: 'evil' },
      { ...failure('stable'), kind: 'page-view' },
      { ...failure('stable'), kind: 'vital', name: 'FID', value: 1 },
      { ...failure('stable'), kind: 'vital', name: 'LCP', value: -1 },
      { ...failure('stable'), release: 'beta' },
      { ...failure('stable'), version: 'latest; drop table' },
      { ...failure('stable'), version: `${LIVE}${'0'.repeat(60)}` },
      // No personal data can ride along: the events are strict.
      { ...failure('stable'), email: 'lucas.janssens@zorggroep-scheldeland.example' },
      { ...failure('stable'), url: '/en/my-orders?q=secret' },
    ];
    for (const event of bad) {
      const res = await post({ events: [event] });
      expect(res.statusCode, JSON.stringify(event)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const empty = await post({ events: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a batch over the event limit (400) and a body over the byte limit before parsing it (413)', async () => {
    const many = await post({ events: Array.from({ length: BEACON_LIMITS.events + 1 }, () => failure('stable')) });
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('VALIDATION_FAILED');

    const huge = await post(`{"events":[${'{'.repeat(BEACON_LIMITS.bodyBytes)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await valueOf(BEACON_METRICS.beacons, { outcome: '413' })).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed JSON and other content types with a 4xx, never a 500', async () => {
    for (const [payload, type, status, code] of [
      ['{"events":[', 'application/json', 400, 'MALFORMED_BODY'],
      ['{"__proto__":{"x":1},"events":[]}', 'application/json', 400, undefined],
      ['events=1', 'text/plain', 400, 'VALIDATION_FAILED'],
      ['<events/>', 'application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['null', 'application/json', 400, undefined],
      ['[1,2,3]', 'application/json', 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await post(payload, { headers: { 'content-type': type } });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(status);
      if (code) expect(res.json().code).toBe(code);
    }
  });

  it('refuses a flood from one address with 429 RATE_LIMITED while another address gets through', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await post({ events: [failure('stable')] }, { ip })).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(202));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    const flooded = await post({ events: [failure('stable')] }, { ip });
    expect(flooded.json().code).toBe('RATE_LIMITED');
    expect(await valueOf(BEACON_METRICS.beacons, { outcome: '429' })).toBeGreaterThanOrEqual(3);
    expect((await post({ events: [failure('stable')] })).statusCode).toBe(202);
  });

  it('shows the counts to this machine outside production, and to nobody else', async () => {
    await post({ events: [failure('canary')] });
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/beacons', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const metrics = local.json<{ name: string; values: { labels: Record<string, string>; value: number }[] }[]>();
    const failures = metrics.find((m) => m.name === BEACON_METRICS.loadFailures)!;
    expect(failures.values.find((v) => v.labels.version === CANARY && v.labels.release === 'canary')?.value).toBeGreaterThanOrEqual(1);
    const remote = await t.app.inject({ method: 'GET', url: '/api/dev/beacons', remoteAddress: freshIp() });
    expect(remote.statusCode).toBe(403);
  });
});

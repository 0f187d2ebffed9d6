import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeFakeBackupSet } from '@portal/deploy/testing';
import { BACKUP_FRESHNESS_METRIC, registerBackupFreshness } from './backup-freshness';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-backup-gauge-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const value = async (registry: Registry) => (await registry.getSingleMetric(BACKUP_FRESHNESS_METRIC)!.get()).values[0]?.value;

it('reports when the newest complete backup set was finished, read at each scrape', async () => {
  const registry = new Registry();
  registerBackupFreshness(dir, registry);
  expect(await value(registry)).toBe(0);
  await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
  expect(await value(registry)).toBe(Date.parse('2026-12-06T02:00:00Z') / 1000);
  await writeFakeBackupSet(dir, new Date('2026-12-07T02:00:00Z'));
  expect(await registry.metrics()).toContain(`${BACKUP_FRESHNESS_METRIC} ${Date.parse('2026-12-07T02:00:00Z') / 1000}`);
});

it('counts a base backup (ops backup --base) as well as a pg_dump set', async () => {
  const registry = new Registry();
  registerBackupFreshness(dir, registry);
  await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
  await writeFakeBackupSet(dir, new Date('2026-12-07T03:00:00Z'), 'base');
  expect(await value(registry)).toBe(Date.parse('2026-12-07T03:00:00Z') / 1000);
});

it('registers once per registry: a second registration reads the new folder', async () => {
  const registry = new Registry();
  registerBackupFreshness(join(dir, 'none'), registry);
  await writeFakeBackupSet(dir, new Date('2026-12-06T02:00:00Z'));
  registerBackupFreshness(dir, registry);
  expect(registry.getMetricsAsArray()).toHaveLength(1);
  expect(await value(registry)).toBe(Date.parse('2026-12-06T02:00:00Z') / 1000);
});

// The backup-age alert's input (issue 43, decisions 073 and 085): when the last good backup set (a
// pg_dump set or a base backup for point-in-time recovery) was finished, read from the backup
// directory's manifests at each scrape, as a gauge on prom-client's default registry, which the
// instance's metrics endpoint serves. No set at all reads 0 (1970): "too old".
import { Gauge, register, type Registry } from 'prom-client';
import { lastGoodBackup } from '@portal/deploy';

export const BACKUP_FRESHNESS_METRIC = 'portal_backup_last_success_timestamp_seconds';

/** Registers the gauge for `backupDir` (again: replaces the one there, so a rebuilt app reads its own folder). */
export function registerBackupFreshness(backupDir: string, registry: Registry = register): Gauge {
  if (registry.getSingleMetric(BACKUP_FRESHNESS_METRIC)) registry.removeSingleMetric(BACKUP_FRESHNESS_METRIC);
  return new Gauge({
    name: BACKUP_FRESHNESS_METRIC,
    help: 'Unix time the newest complete backup set (ops backup: a pg_dump or a --base set) was finished; 0 when there is none',
    registers: [registry],
    async collect() {
      const last = await lastGoodBackup(backupDir);
      this.set(last ? last.getTime() / 1000 : 0);
    },
  });
}

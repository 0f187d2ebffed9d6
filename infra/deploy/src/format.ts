import type { BackupResult } from './backup';
import type { BackupManifest } from './backup-set';
import { describeGroup } from './canary-watch';
import type { HistoryEntry } from './history';
import type { PointInTimeResult } from './point-in-time';
import type { RestoreResult } from './restore';
import type { EnvironmentStatus } from './status';

/** `ops status` as a table per environment. */
export function formatStatus(environments: readonly EnvironmentStatus[]): string {
  return environments
    .map(({ environment, updatedAt, apps }) => {
      if (updatedAt === null) return `${environment}: nothing deployed`;
      const rows = apps.map((a) => [
        a.app,
        a.version ?? '-',
        a.canary ? `${a.canary.version} (${a.canary.percent}%)` : '-',
        a.changedAt ?? '-',
        a.changedBy ?? '-',
        a.reason ?? '',
      ]);
      const header = ['app', 'version', 'canary', 'changed', 'by', 'reason'];
      const judged = apps.flatMap(({ app, judged: j }) =>
        j
          ? [
              `  ${app}: canary ${j.version} ${j.verdict === 'promote' ? 'promoted' : 'aborted'} by the judge at ${j.at} ` +
                `after ${j.watchedSeconds} s: ${j.reasons.join('; ')}`,
              `    ${describeGroup('canary', j.canary)}`,
              `    ${describeGroup('stable', j.stable)}`,
            ]
          : [],
      );
      return [`${environment} (updated ${updatedAt})`, table([header, ...rows]), ...judged].join('\n');
    })
    .join('\n\n');
}

/** `ops history` as a table, in the order given. */
export function formatHistory(entries: readonly HistoryEntry[]): string {
  if (entries.length === 0) return 'no changes recorded';
  const rows = entries.map((e) => [e.at, e.percent === undefined ? e.action : `${e.action} ${e.percent}%`, e.from ?? '-', e.to, e.by, e.reason]);
  return table([['when', 'action', 'from', 'to', 'by', 'reason'], ...rows]);
}

/** What a set holds, in a few lines: its database, migration, files and live versions. */
function describeSet(m: BackupManifest): string[] {
  const migration = m.database.lastMigration ? (m.database.lastMigration.tag ?? `unknown to this code (${m.database.lastMigration.createdAt})`) : 'none';
  const recovery = m.base ? [`  base backup, recoverable from ${m.base.recoverableFrom} (timeline ${m.base.timeline}) with the WAL archive`] : [];
  const lines = [...recovery, `  database ${m.database.name} (PostgreSQL ${m.database.serverVersion}), last migration ${migration}, portal ${m.portalVersion}`];
  for (const f of m.files) lines.push(`  ${f.path.padEnd(16)} ${String(f.bytes).padStart(12)} bytes  sha-256 ${f.sha256}`);
  for (const [environment, apps] of Object.entries(m.store.live)) {
    const live = Object.entries(apps).map(([app, a]) => `${app} ${a.version}${a.canary ? ` (canary ${a.canary.version} ${a.canary.percent}%)` : ''}`);
    lines.push(`  ${environment}: ${live.join(', ')}`);
  }
  return lines;
}

/** `ops backup`'s answer. */
export function formatBackup(r: BackupResult): string {
  const removed = r.removed.length ? [`removed ${r.removed.length} older sets (--keep)`] : [];
  return [`backup ${r.dir} (${r.manifest.startedAt} to ${r.manifest.finishedAt})`, ...describeSet(r.manifest), ...removed].join('\n');
}

/** `ops restore`'s answer. */
export function formatRestore(r: RestoreResult): string {
  const moved = r.previousStore ? [`the store that was there is in ${r.previousStore}`] : [];
  return [`restored ${r.manifest.name} into ${r.database} and ${r.storeDir}`, ...describeSet(r.manifest), ...moved].join('\n');
}

/** `ops restore --to`'s answer: where the recovered server runs and what it read. */
export function formatPointInTime(r: PointInTimeResult): string {
  const tables = Object.entries(r.tables).map(([name, rows]) => `  ${name.padEnd(40)} ${String(rows).padStart(10)} rows`);
  return [
    `recovered ${r.manifest.name} to ${r.to} in ${r.dataDir}, running as ${r.databaseUrl} (stop it with pg_ctl stop -D ${r.dataDir})`,
    `store restored into ${r.storeDir}`,
    ...describeSet(r.manifest),
    ...tables,
  ].join('\n');
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd()).join('\n');
}

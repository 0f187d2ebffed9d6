import type { HistoryEntry } from './history';
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
      return `${environment} (updated ${updatedAt})\n${table([header, ...rows])}`;
    })
    .join('\n\n');
}

/** `ops history` as a table, in the order given. */
export function formatHistory(entries: readonly HistoryEntry[]): string {
  if (entries.length === 0) return 'no changes recorded';
  const rows = entries.map((e) => [e.at, e.percent === undefined ? e.action : `${e.action} ${e.percent}%`, e.from ?? '-', e.to, e.by, e.reason]);
  return table([['when', 'action', 'from', 'to', 'by', 'reason'], ...rows]);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd()).join('\n');
}

// The organisation's UDI export (decision 070), behind the access token, saved as a file named after
// its period: CSV, or GS1 element strings one a line.
import { downloadFile } from '@portal/shared/api';
import type { UdiExportQuery } from '@portal/shared/schemas/udi-export';

export const udiExportFileName = (q: Pick<UdiExportQuery, 'from' | 'to' | 'format'>) => `udi-export-${q.from}-${q.to}.${q.format === 'csv' ? 'csv' : 'txt'}`;

export function downloadUdiExport(q: UdiExportQuery): Promise<void> {
  const search = new URLSearchParams({ from: q.from, to: q.to, devices: q.devices, format: q.format, ...(q.product ? { product: q.product } : {}) });
  return downloadFile(`/udi-export?${search}`, 'portal', udiExportFileName(q), q.format === 'csv' ? 'text/csv' : 'text/plain');
}

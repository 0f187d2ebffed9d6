// The person's own data (issue 44, decision 063), behind the access token: fetched through the
// shared client and saved as a file, as JSON or as CSV (one value a line).
import { downloadFile } from '@portal/shared/api';

export type DataFormat = 'json' | 'csv';

const FILES: Record<DataFormat, { path: string; accept: string }> = {
  json: { path: '/profile/data', accept: 'application/json' },
  csv: { path: '/profile/data/csv', accept: 'text/csv' },
};

/** The file name the browser saves: `my-data-2026-12-07.json`. */
export const myDataFileName = (format: DataFormat, today = new Date()) => `my-data-${today.toISOString().slice(0, 10)}.${format}`;

export const downloadMyData = (format: DataFormat): Promise<void> => downloadFile(FILES[format].path, 'portal', myDataFileName(format), FILES[format].accept);

// Quick order's own scan texts (its section's title, help and camera button), loaded with the
// shared scan texts by `ScanMessages` (decision 082), never with the catalog's first-screen messages.
import type { Messages } from '@portal/shared/routing';

export const quickOrderScanMessages = (locale: string): Promise<Messages> => import(`./messages/${locale}.json`).then((m: { default: Messages }) => m.default);

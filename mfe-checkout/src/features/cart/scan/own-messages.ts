// The cart's own scan texts (its field's label, its help, its camera button), loaded with the shared
// scan texts by `ScanMessages` (decision 082), never with the checkout's first-screen messages.
import type { Messages } from '@portal/shared/routing';

export const cartScanMessages = (locale: string): Promise<Messages> => import(`./messages/${locale}.json`).then((m: { default: Messages }) => m.default);

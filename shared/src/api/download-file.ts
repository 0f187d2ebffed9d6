// A file from the API (a PDF: technical sheet, order form) needs the access token, which a plain link
// cannot send; so it is fetched through the shared client (same headers, retry and errors as every
// call) and handed to the browser as a download.
import { portalApi } from './portal-client';
import type { ShopType } from './shop-type';

/**
 * Downloads `url` (relative to the API) as `fileName`. Rejects with the client's ApiError. `accept`
 * names what the file is when it is not a PDF (an invoice's UBL XML).
 */
export async function downloadFile(url: string, shop: ShopType, fileName: string, accept?: string): Promise<void> {
  const file = await portalApi({ shop }).blob(url, accept ? { accept } : undefined);
  const href = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: the browser may still be reading the object URL to save it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

// The order form is a PDF from the API; it needs the access token, which a plain link cannot send,
// so it is fetched through the shared client and handed to the browser as a file.
import { portalApi, type ShopType } from '@portal/shared/api';

export async function downloadOrderForm(url: string, shop: ShopType, fileName: string): Promise<void> {
  const file = await portalApi({ shop }).blob(url);
  const href = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
